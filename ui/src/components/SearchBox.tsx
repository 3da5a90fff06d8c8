// The header's site search: a combobox (WAI-ARIA 1.2 pattern). Suggestions come
// from /api/search from 2 characters on; arrow keys move through them, Enter opens
// one, Escape closes the list; submitting opens the first result (spec section 2),
// or, when nothing was found, the search page with its suggestions (issue 27).
// A text that means an emergency (issue 43) gets its help above the suggestions,
// announced at once, and submitting it opens the search page, where the help
// comes before any result.
import { Building2, FileText, HeartPulse, MapPin, Newspaper, Search, Stethoscope, UserRoundSearch, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from "react";
import { useNavigate } from "react-router";
import { useSite } from "../lib/props";
import { useTexts } from "../lib/texts";
import { usePlural } from "./ui";
import type { EmergencyHelp as Help, SearchAnswer, SearchResult } from "../types";
import { inLanguage, pageLanguage } from "../lib/language";
import { EmergencyHelp } from "./Emergency";

export const ICONS = {
  doctor: Stethoscope, department: Building2, service: HeartPulse, specialization: UserRoundSearch, clinic: MapPin, page: FileText, article: Newspaper,
};

type Found = { results: SearchResult[]; emergency: Help[] };

async function fetchResults(q: string, signal?: AbortSignal): Promise<Found> {
  const res = await fetch(`/api/search?q=${encodeURIComponent(q)}`, { signal, headers: { accept: "application/json", "accept-language": pageLanguage() } });
  // A failed search is said as one, never as "0 results" (no emergency help would show).
  if (!res.ok) throw new Error(`search answered ${res.status}`);
  const body = (await res.json()) as Partial<SearchAnswer>;
  return { results: Array.isArray(body.data) ? body.data : [], emergency: Array.isArray(body.emergency) ? body.emergency : [] };
}

export function SearchBox({ onDone, showHint }: { onDone: () => void; showHint?: boolean }) {
  const navigate = useNavigate();
  const labels = useSite().searchTypes;
  const t = useTexts("searchBox");
  const count = usePlural();
  const [query, setQuery] = useState("");
  const [results, setResults] = useState<SearchResult[]>([]);
  const [emergency, setEmergency] = useState<Help[]>([]);
  // The query the shown results answer: while the next one is on its way they are the last one's.
  const [resultsFor, setResultsFor] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const id = useId();
  const listId = `${id}-list`;
  const labelId = `${id}-label`;

  useEffect(() => input.current?.focus(), []);

  useEffect(() => {
    const q = query.trim();
    if (q.length < 2) {
      setResults([]);
      setEmergency([]);
      setOpen(false);
      setActive(-1);
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      fetchResults(q, controller.signal).then(
        (found) => {
          setResults(found.results);
          setEmergency(found.emergency);
          setResultsFor(q);
          setFailed(false);
          setOpen(true);
          setActive(-1);
          setLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setResults([]);
          setEmergency([]);
          setResultsFor(q);
          setFailed(true);
          setOpen(true);
          setLoading(false);
        },
      );
    }, 150);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query]);

  const choose = (r: SearchResult) => {
    setQuery("");
    setOpen(false);
    onDone();
    // A doctor opened from the search fetches its profile from the server.
    navigate(r.link, r.type === "doctor" ? { state: { fromSearch: true } } : undefined);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const q = query.trim();
    if (!q) return;
    // The shown results only if they answer what was typed (Enter typed faster than
    // the answer comes would open the previous query's first result).
    const found = open && resultsFor === q ? { results, emergency } : await fetchResults(q).catch(() => ({ results: [], emergency: [] }));
    if (found.results.length && !found.emergency.length) choose(found.results[0]);
    else {
      // Nothing to open, or an emergency: the search page, with the help first or
      // the nearest entries and the departments. The router adds the page's
      // language to the address (its basename), as the form's action has it.
      setQuery("");
      setOpen(false);
      onDone();
      navigate(`/search?q=${encodeURIComponent(q)}`);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" && results.length) {
      e.preventDefault();
      setOpen(true);
      setActive((a) => Math.min(a + 1, results.length - 1));
    } else if (e.key === "ArrowUp" && results.length) {
      e.preventDefault();
      setActive((a) => Math.max(a - 1, 0));
    } else if (e.key === "Enter" && open && active >= 0 && results[active]) {
      e.preventDefault();
      choose(results[active]);
    } else if (e.key === "Escape") {
      e.stopPropagation();
      if (open) setOpen(false);
      else onDone();
    }
  };

  const clear = () => {
    setQuery("");
    setOpen(false);
    input.current?.focus();
  };

  const announcement = loading
    ? ""
    : open && failed
      ? t.failed
      : open
        ? [...emergency.map((h) => h.heading), count(t.results, results.length)].join(" ")
        : "";

  return (
    <form role="search" className="searchbox" action={inLanguage("/search")} method="get" onSubmit={onSubmit}>
      <label htmlFor={`${id}-input`} className="visually-hidden">{t.label}</label>
      <div className="searchbox-field">
        <Search aria-hidden="true" focusable="false" size={18} className="searchbox-icon" />
        <input ref={input} id={`${id}-input`} name="q" type="text" value={query} autoComplete="off"
          placeholder={t.placeholder} role="combobox" aria-autocomplete="list"
          aria-expanded={open} aria-controls={listId}
          aria-activedescendant={open && active >= 0 ? `${id}-opt-${active}` : undefined}
          onChange={(e) => setQuery(e.target.value)} onKeyDown={onKeyDown} />
        {query ? (
          <button type="button" className="searchbox-clear" onClick={clear} aria-label={t.clear}>
            <X aria-hidden="true" focusable="false" size={18} />
          </button>
        ) : null}
        <button type="submit" className="button button--primary searchbox-submit" disabled={!query.trim()}>{t.submit}</button>
      </div>
      {showHint ? <p className="searchbox-hint">{t.hint}</p> : null}
      <p className="visually-hidden" role="status">{announcement}</p>
      <div className="searchbox-results" hidden={!open} data-for={resultsFor}>
        {open ? <EmergencyHelp help={emergency} compact /> : null}
        <p id={labelId} className="searchbox-label">{t.resultsHeading}</p>
        <ul id={listId} role="listbox" aria-labelledby={labelId} className="plain-list">
          {results.map((r, i) => {
            const Icon = ICONS[r.type] ?? Search;
            return (
              <li key={`${r.type}-${r.id}`} id={`${id}-opt-${i}`} role="option" aria-selected={i === active}
                className={`searchbox-option${i === active ? " is-active" : ""}`}
                onMouseDown={(e) => e.preventDefault()} onClick={() => choose(r)}>
                <Icon aria-hidden="true" focusable="false" size={20} className="searchbox-option-icon" />
                <span className="searchbox-option-text">
                  <span className="searchbox-option-name">{r.name}</span>
                  {r.description ? <span className="searchbox-option-desc">{r.description}</span> : null}
                </span>
                <span className="searchbox-option-type">{labels[r.type] ?? r.type}</span>
              </li>
            );
          })}
        </ul>
        {open && failed ? <p className="searchbox-empty" role="alert">{t.failed}</p> : open && !results.length ? <p className="searchbox-empty">{t.empty}</p> : null}
      </div>
    </form>
  );
}
