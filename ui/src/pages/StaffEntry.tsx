// /staff/content/{entry} (editors and admins; src/pages/editor.rs, entry;
// docs/editors.md): one entry's texts as fields by their structure (lists with
// add, remove and move), the preview beside them at phone and computer widths,
// publishing now or at a time, share links, and the latest revisions. Without
// JavaScript every button is a plain post; with it, the draft saves itself while
// the editor types and the previews follow, and pointing at a text in a preview
// shows its field (a click goes to it).
import { createContext, useContext, useEffect, useRef, useState } from "react";
import { fill } from "../lib/format";
import { usePageProps } from "../lib/props";
import { describedBy, Field, fieldId } from "../components/form";
import { DoneNote } from "../components/staff-done";
import { instant, StaffErrors, StaffForm, StaffFrame, StaffLink, StaffState, StaffTable, useFieldError, useStaff, useStaffTexts } from "../components/staff";
import type { EditorField, EditorPicture, StaffEntryData } from "../types";
import { pageLink, writeLink } from "../lib/links";
import { DEFAULT_LANGUAGE } from "../lib/language";
import { EditorLanguages } from "../components/editor-languages";
import { usePlural } from "../components/ui";

type EditorTexts = ReturnType<typeof useStaffTexts>["editor"];

const FORM = "entry";

/** The language edited, by its name in the console's language, when it is a translation's: its fields say what is still English's. */
const Translation = createContext<string | null>(null);

/** A field's label: its name in the console's texts, or its key. */
function labelOf(t: EditorTexts, name: string): string {
  return (t.names as Record<string, string>)[name] ?? name;
}

function itemLabel(t: EditorTexts, f: EditorField): string {
  const name = labelOf(t, f.name);
  const n = (f.item?.[0] ?? 0) + 1;
  const kind = f.kind ? (t.kinds as Record<string, string>)[f.kind] ?? f.kind : null;
  return kind ? fill(t.itemKindOf, { name, n, kind }) : fill(t.itemOf, { name, n });
}

/** Move up, move down, remove: buttons of the form, named for the item they act on. */
function ItemButtons({ f, label }: { f: EditorField; label: string }) {
  const t = useStaffTexts().editor;
  const [i, n] = f.item ?? [0, 0];
  const button = (op: string, text: string) => (
    <button type="submit" name="op" value={`${op}:${f.path}`} className="button button--outline button--small">
      {text}<span className="visually-hidden"> {label}</span>
    </button>
  );
  return (
    <div className="editor-item-buttons">
      {i > 0 ? button("up", t.up) : null}
      {i + 1 < n ? button("down", t.down) : null}
      {button("remove", t.remove)}
    </div>
  );
}

function Leaf({ f, label, locked }: { f: EditorField; label: string; locked: boolean }) {
  const t = useStaffTexts().editor;
  const name = `f.${f.path}`;
  const id = fieldId(FORM, name);
  const error = useFieldError(name);
  const sent = useStaff().form?.values[name];
  const value = typeof sent === "string" ? sent : f.value ?? "";
  const language = useContext(Translation);
  const mark = language && f.untranslated ? `${id}-untranslated` : undefined;
  const described = [error ? `${id}-error` : "", mark ?? ""].filter(Boolean).join(" ") || undefined;
  if (f.fixed) {
    return <p className="editor-fixed" id={id}><span className="field-label">{label}</span> {value} <span className="field-hint">({language ? t.fixedEnglish : t.fixedHint})</span></p>;
  }
  const input = f.shape === "paragraph"
    ? <textarea id={id} name={name} className="input" rows={Math.min(10, 2 + Math.ceil(value.length / 70))} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={described} />
    : f.shape === "flag"
      ? <><input type="hidden" name={`b.${f.path}`} value="" /><input id={id} name={name} type="checkbox" value="on" defaultChecked={value === "on"} /></>
      : <input id={id} name={name} className="input" inputMode={f.shape === "number" ? "numeric" : undefined} defaultValue={value} aria-invalid={error ? true : undefined} aria-describedby={described} />;
  return (
    <div className={`field${error ? " field--error" : ""}${f.item ? " editor-item" : ""}${mark ? " editor-untranslated" : ""}`}>
      <label htmlFor={id} className="field-label">{label}{mark ? <span className="editor-untranslated-mark">{t.untranslatedMark}</span> : null}</label>
      {mark && language ? <p className="field-hint" id={mark}>{fill(t.untranslatedHint, { language })}</p> : null}
      {error ? <p className="field-error" id={`${id}-error`}>{error}</p> : null}
      {input}
      {f.item && !locked ? <ItemButtons f={f} label={label} /> : null}
    </div>
  );
}

/** A picture among the fields: what it shows, its description, and where to change it. */
function PictureField({ f, label }: { f: EditorField; label: string }) {
  const t = useStaffTexts().editor;
  return (
    <fieldset id={fieldId(FORM, `f.${f.path}`)} className="editor-group editor-picture-field" tabIndex={-1}>
      <legend>{label}</legend>
      {f.value ? <img src={f.value} alt="" className="editor-thumb" width={160} /> : null}
      {f.children.map((c) => <FieldTree key={c.path} f={c} />)}
      <p><a href={`#picture-${f.path}`}>{t.pictureChange}</a></p>
    </fieldset>
  );
}

/** A field and what is inside it; `locked`: an item of a list whose items stay as they are. */
function FieldTree({ f, locked = false }: { f: EditorField; locked?: boolean }) {
  const t = useStaffTexts().editor;
  const translation = useContext(Translation);
  const label = f.item ? itemLabel(t, f) : labelOf(t, f.name);
  if (f.shape === "image") return <PictureField f={f} label={label} />;
  if (f.shape !== "group" && f.shape !== "list") return <Leaf f={f} label={label} locked={locked} />;
  const id = fieldId(FORM, `f.${f.path}`);
  const marked = translation !== null && f.untranslated;
  return (
    <fieldset id={id} className={`editor-group${f.item ? " editor-item" : ""}${marked ? " editor-untranslated" : ""}`} tabIndex={-1}>
      <legend>{label}{marked ? <span className="editor-untranslated-mark">{t.untranslatedMark}</span> : null}</legend>
      {f.children.map((c) => <FieldTree key={c.path} f={c} locked={f.shape === "list" && f.fixed} />)}
      {f.shape === "list" && !f.fixed ? (
        <div className="editor-add">
          {f.add.map((kind) => (
            <button key={kind} type="submit" name="op" value={kind ? `add:${f.path}:${kind}` : `add:${f.path}`} className="button button--outline button--small">
              {kind ? fill(t.addKind, { kind: (t.kinds as Record<string, string>)[kind] ?? kind }) : t.add}
              <span className="visually-hidden"> ({label})</span>
            </button>
          ))}
        </div>
      ) : null}
      {f.item && !locked ? <ItemButtons f={f} label={label} /> : null}
    </fieldset>
  );
}

/** Every text of the fields with its path, for the previews' click to edit. */
function texts(fields: readonly EditorField[], out: Map<string, { path: string; name: string }>) {
  for (const f of fields) {
    if ((f.shape === "line" || f.shape === "paragraph") && f.value && f.value.trim().length > 1 && !out.has(f.value.trim())) {
      out.set(f.value.trim(), { path: f.path, name: f.name });
    }
    texts(f.children, out);
  }
  return out;
}

/** With JavaScript: the draft saves itself a moment after typing stops, the previews follow, and their texts lead to their fields. */
function useLiveEditing(d: StaffEntryData, form: React.RefObject<HTMLFormElement | null>, frames: React.RefObject<HTMLDivElement | null>) {
  const t = useStaffTexts().editor;
  const [status, setStatus] = useState("");
  const [preview, setPreview] = useState<string | null>(d.preview);
  // Each autosave's preview is a new address, so the frames load it again.
  const saves = useRef(0);
  useEffect(() => setPreview(d.preview), [d.preview]);
  useEffect(() => {
    const el = form.current;
    if (!el) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const save = async () => {
      setStatus(t.saving);
      const body = new URLSearchParams();
      new FormData(el).forEach((v, k) => { if (typeof v === "string" && k !== "op") body.append(k, v); });
      body.set("op", "save");
      body.set("autosave", "1");
      try {
        const res = await fetch(el.action, { method: "POST", body, redirect: "manual", credentials: "same-origin" });
        // Someone else saved a newer draft: nothing was saved, and the button's save says whose.
        if (res.status === 409) { setStatus(t.saveConflict); return; }
        if (res.type !== "opaqueredirect" && !res.ok) throw new Error(String(res.status));
        setStatus(t.savedAuto);
        saves.current += 1;
        if (d.preview) setPreview(`${d.preview.split("?")[0]}?revision=newest&save=${saves.current}`);
      } catch {
        setStatus(t.saveFailed);
      }
    };
    const typed = () => { clearTimeout(timer); timer = setTimeout(save, 700); };
    el.addEventListener("input", typed);
    return () => { clearTimeout(timer); el.removeEventListener("input", typed); };
  }, [d.preview, form, t]);
  useEffect(() => {
    const box = frames.current;
    if (!box) return;
    const byText = texts(d.fields, new Map());
    const mark = (frame: HTMLIFrameElement) => {
      const doc = frame.contentDocument;
      if (!doc?.body) return;
      const style = doc.createElement("style");
      style.textContent = "[data-editor-field]{cursor:pointer}[data-editor-field]:hover,[data-editor-field]:focus{outline:3px dashed #b45309;outline-offset:2px}";
      doc.head.appendChild(style);
      doc.body.querySelectorAll("h1,h2,h3,h4,p,li,a,span,strong,dt,dd,summary,blockquote,button,figcaption").forEach((node) => {
        const found = byText.get((node.textContent ?? "").trim());
        if (!found || node.querySelector("[data-editor-field]")) return;
        node.setAttribute("data-editor-field", found.path);
        node.setAttribute("title", fill(t.fieldOf, { name: labelOf(t, found.name) }));
        node.addEventListener("click", (e) => {
          e.preventDefault();
          const target = document.getElementById(fieldId(FORM, `f.${found.path}`));
          target?.scrollIntoView({ block: "center" });
          target?.focus();
        });
      });
    };
    const frameEls = Array.from(box.querySelectorAll("iframe"));
    const onLoad = (e: Event) => mark(e.currentTarget as HTMLIFrameElement);
    frameEls.forEach((f) => { f.addEventListener("load", onLoad); if (f.contentDocument?.readyState === "complete") mark(f); });
    return () => frameEls.forEach((f) => f.removeEventListener("load", onLoad));
  }, [d.fields, frames, t]);
  return { status, preview };
}

function StaffEntryPage() {
  const state = usePageProps("StaffEntry");
  const t = useStaffTexts().editor;
  const count = usePlural();
  const form = useRef<HTMLFormElement>(null);
  const frames = useRef<HTMLDivElement>(null);
  const dateError = useFieldError("date");
  const hoursError = useFieldError("hours");
  const ready = state.status === "ready" ? state.props.data : null;
  const live = useLiveEditing(ready ?? EMPTY, form, frames);
  if (state.status !== "ready" || !ready) return <StaffState status={state.status === "ready" ? "error" : state.status} />;
  const d = ready;
  if (state.props.status === 404) return <div className="container page-body"><h1>{t.heading}</h1><p>{t.noSuchEntry}</p><p><StaffLink to={pageLink("staff-content")}>{t.backToList}</StaffLink></p></div>;
  const entry = { entry: d.key };
  const inLang = d.lang === DEFAULT_LANGUAGE ? {} : { lang: d.lang };
  const language = (t.languageNames as Record<string, string>)[d.lang] ?? d.lang;
  const r = d.revision;
  const canAct = r !== null && r !== undefined && r.state !== "published" && r.state !== "replaced";
  return (
    <div className="container page-body staff-editor">
      <p><StaffLink to={pageLink("staff-content", {}, inLang)}>{t.backToList}</StaffLink></p>
      <h1>{fill(t.editingTitle, { title: d.title })}</h1>
      <EditorLanguages languages={d.languages} label={t.languages} />
      {d.translation ? (
        <div className="staff-done">
          <p>{fill(t.translationIntro, { language })}</p>
          <p>{d.untranslated > 0 ? count(t.untranslatedCount, d.untranslated, { language }) : t.allTranslated}</p>
        </div>
      ) : null}
      {d.kind === "search" && d.lang !== DEFAULT_LANGUAGE ? <p>{fill(t.searchOwn, { language })}</p> : null}
      {d.kind === "doctor" ? <p>{fill(t.doctorIntro, { language })}</p> : null}
      <DoneNote texts={t.done} />
      <StaffErrors form="page" />
      <p>{r ? fill(t.showing, { revision: r.id, state: t.states[r.state], author: r.author, saved: instant(r.saved) }) : t.showingLive}</p>
      <p>{d.published ? fill(t.publishedNow, { revision: d.published.id, at: instant(d.published.publishedAt ?? d.published.saved) }) : t.notPublished}</p>
      {d.scheduled ? <p className="staff-done">{fill(t.scheduledFor, { revision: d.scheduled.id, at: instant(d.scheduled.publishAt ?? "") })}</p> : null}
      <p className="staff-actions">{d.public && d.live ? <a href={d.public}>{t.viewLive}</a> : null} <StaffLink to={d.history}>{t.historyLink}</StaffLink></p>
      {d.retired ? <p className="staff-done">{t.retired}</p> : null}
      {d.problems.length > 0 ? (
        <div className="error-summary" role="region" aria-labelledby="problems-h">
          <h2 id="problems-h">{t.problemsHeading}</h2>
          <ul>{d.problems.map((p) => <li key={p.path}>{p.path ? <a href={`#${fieldId(FORM, `f.${p.path}`)}`}>{p.message} ({p.path})</a> : p.message}</li>)}</ul>
        </div>
      ) : null}
      <div className="editor-layout">
        <section aria-labelledby="fields-h" className="editor-fields">
          <h2 id="fields-h">{t.fieldsHeading}</h2>
          <form method="post" action={writeLink("/staff/content/{entry}", entry)} id={FORM} className="staff-form" noValidate ref={form}>
            <CsrfField />
            {/* Enter in a field saves (the form's first button), never moves or removes an item. */}
            <button type="submit" name="op" value="save" className="visually-hidden" tabIndex={-1} aria-hidden="true">{t.save}</button>
            <StaffErrors form={FORM} />
            <input type="hidden" name="base" value={r?.id ?? 0} />
            {d.lang !== DEFAULT_LANGUAGE ? <input type="hidden" name="lang" value={d.lang} /> : null}
            <Translation.Provider value={d.translation ? language : null}>
              {d.fields.map((f) => <FieldTree key={f.path} f={f} />)}
            </Translation.Provider>
            <div className="editor-save">
              <button type="submit" name="op" value="save" className="button button--primary">{t.save}</button>
              <p role="status" aria-live="polite" className="field-hint">{live.status}</p>
            </div>
          </form>
        </section>
        <section aria-labelledby="preview-h" className="editor-preview">
          <h2 id="preview-h">{t.previewHeading}</h2>
          {live.preview ? (
            <>
              <p className="field-hint">{t.previewHint}</p>
              <p><a href={live.preview} target="_blank" rel="noopener">{t.previewOpen}</a></p>
              <div className="editor-frames" ref={frames}>
                <figure className="editor-frame editor-frame--phone">
                  <figcaption>{t.previewPhone}</figcaption>
                  <div className="editor-frame-box"><iframe src={live.preview} title={`${t.previewHeading}: ${t.previewPhone}`} /></div>
                </figure>
                <figure className="editor-frame editor-frame--desktop">
                  <figcaption>{t.previewDesktop}</figcaption>
                  <div className="editor-frame-box"><iframe src={live.preview} title={`${t.previewHeading}: ${t.previewDesktop}`} /></div>
                </figure>
              </div>
            </>
          ) : <p>{d.kind === "search" ? t.noPreviewSearch : t.noPreview}</p>}
        </section>
      </div>
      {d.pictures.length > 0 ? (
        <section aria-labelledby="pictures-h">
          <h2 id="pictures-h">{t.picturesHeading}</h2>
          <p>{t.picturesIntro}</p>
          {d.pictures.map((p, i) => <PictureSlot key={p.slot} p={p} base={r?.id ?? 0} d={d} index={i} />)}
        </section>
      ) : null}
      <section aria-labelledby="publish-h">
        <h2 id="publish-h">{t.publishHeading}</h2>
        {!r ? <p>{t.saveFirst}</p> : r.state === "published" ? <p>{t.publishedAlready}</p> : r.state === "replaced" ? <p>{t.saveFirst}</p> : (
          <>
            <StaffForm action={writeLink("/staff/content/{entry}/publish", entry)} id="publish-now" className="staff-inline">
              <input type="hidden" name="revision" value={r.id} />
              <input type="hidden" name="when" value="now" />
              <button type="submit" className="button button--primary" disabled={d.problems.length > 0}>{t.publishNow}</button>
            </StaffForm>
            <StaffForm action={writeLink("/staff/content/{entry}/publish", entry)} id="publish-at">
              <StaffErrors form="publish-at" order={["date", "time"]} />
              <input type="hidden" name="revision" value={r.id} />
              <input type="hidden" name="when" value="at" />
              <fieldset>
                <legend>{t.publishAt}</legend>
                <div className={`field${dateError ? " field--error" : ""}`}>
                  <label htmlFor="publish-at-date" className="field-label">{t.date}</label>
                  {dateError ? <p className="field-error" id="publish-at-date-error">{dateError}</p> : null}
                  <input id="publish-at-date" name="date" type="date" className="input" min={d.today} aria-describedby={dateError ? "publish-at-date-error" : undefined} />
                </div>
                <div className="field">
                  <label htmlFor="publish-at-time" className="field-label">{t.time}</label>
                  <input id="publish-at-time" name="time" type="time" className="input" />
                </div>
                <button type="submit" className="button button--outline" disabled={d.problems.length > 0}>{t.schedule}</button>
              </fieldset>
            </StaffForm>
            {r.state === "scheduled" ? (
              <StaffForm action={writeLink("/staff/content/{entry}/publish", entry)} id="unschedule" className="staff-inline">
                <input type="hidden" name="revision" value={r.id} />
                <input type="hidden" name="when" value="cancel" />
                <button type="submit" className="button button--outline">{t.unschedule}</button>
              </StaffForm>
            ) : null}
          </>
        )}
      </section>
      {d.kind === "article" && d.live && !d.translation ? (
        <section aria-labelledby="retire-h">
          <h2 id="retire-h">{t.retire}</h2>
          <p>{t.retireIntro}</p>
          <StaffForm action={writeLink("/staff/content/{entry}/publish", entry)} id="retire" className="staff-inline">
            <input type="hidden" name="when" value="retire" />
            <button type="submit" className="button button--outline">{t.retire}</button>
          </StaffForm>
        </section>
      ) : null}
      <section aria-labelledby="shares-h" id="shares" tabIndex={-1}>
        <h2 id="shares-h">{t.shareHeading}</h2>
        <p>{t.shareIntro}</p>
        {canAct || (r && r.state === "published") ? (
          <StaffForm action={writeLink("/staff/content/{entry}/share", entry)} id="share">
            <StaffErrors form="share" order={["hours"]} />
            <input type="hidden" name="op" value="share" />
            <input type="hidden" name="revision" value={r?.id ?? 0} />
            <div className={`field${hoursError ? " field--error" : ""}`}>
              <label htmlFor="share-hours" className="field-label">{t.hours}</label>
              {hoursError ? <p className="field-error" id="share-hours-error">{hoursError}</p> : null}
              <input id="share-hours" name="hours" className="input input--short" inputMode="numeric" defaultValue={d.shareHours} aria-describedby={hoursError ? "share-hours-error" : undefined} />
            </div>
            <button type="submit" className="button button--outline">{t.share}</button>
          </StaffForm>
        ) : <p>{t.saveFirst}</p>}
        {d.shares.length > 0 ? (
          <>
            <h3>{t.shares}</h3>
            <p className="field-hint">{t.copyHint}</p>
            <ul className="editor-shares">
              {d.shares.map((s) => (
                <li key={s.id}>
                  <span>{fill(t.forRevision, { revision: s.revision })}: </span>
                  {s.revoked ? <span>{t.revoked}</span> : s.expired ? <span>{t.expired}</span> : (
                    <>
                      <code className="staff-secret">{s.link}</code> <span>{fill(t.expires, { at: instant(s.expires) })}</span>
                      <StaffForm action={writeLink("/staff/content/{entry}/share", entry)} id={`revoke-${s.id}`} className="staff-inline">
                        <input type="hidden" name="op" value="revoke" />
                        <input type="hidden" name="share" value={s.id} />
                        <button type="submit" className="button button--outline button--small">{t.revoke}<span className="visually-hidden"> {fill(t.forRevision, { revision: s.revision })}</span></button>
                      </StaffForm>
                    </>
                  )}
                </li>
              ))}
            </ul>
          </>
        ) : null}
      </section>
      <section aria-labelledby="revisions-h">
        <h2 id="revisions-h">{t.revisionsHeading}</h2>
        <StaffTable label={t.revisionsHeading}>
          <table className="staff-table staff-table--cards">
            <thead><tr><th scope="col">{t.revision}</th><th scope="col">{t.state}</th><th scope="col">{t.by}</th><th scope="col">{t.saved}</th></tr></thead>
            <tbody>
              {d.revisions.map((v) => (
                <tr key={v.id}>
                  <td><StaffLink to={pageLink("staff-entry", entry, { ...inLang, revision: v.id })}>{fill(t.forRevision, { revision: v.id })}</StaffLink></td>
                  <td data-label={t.state}>{t.states[v.state]}</td>
                  <td data-label={t.by} className="staff-break">{v.author}</td>
                  <td data-label={t.saved}>{instant(v.saved)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </StaffTable>
        <p><StaffLink to={d.history}>{t.historyLink}</StaffLink></p>
      </section>
    </div>
  );
}

/** One place that takes a picture: the picture it has, an upload (with its description) and removal. */
function PictureSlot({ p, base, d, index }: { p: EditorPicture; base: number; d: StaffEntryData; index: number }) {
  const t = useStaffTexts().editor;
  const refused = useStaff().form;
  const mine = refused && refused.status >= 400 && refused.values.slot === p.slot;
  const id = `picture-form-${index}`;
  const fileError = mine ? refused.errors.photo : undefined;
  const altError = mine ? refused.errors.alt : undefined;
  const action = writeLink("/staff/content/{entry}/picture", { entry: d.key });
  const label = p.slide ? fill(t.pictureOfSlide, { n: p.slide }) : t.pictureOfArticle;
  const hidden = (op: string) => (
    <>
      <CsrfField />
      <input type="hidden" name="op" value={op} />
      <input type="hidden" name="base" value={base} />
      <input type="hidden" name="slot" value={p.slot} />
    </>
  );
  return (
    <div id={`picture-${p.slot}`} className="editor-picture" tabIndex={-1}>
      <h3>{label}</h3>
      {p.thumbnail ? (
        <figure className="editor-picture-now">
          {/* Described by its caption. */}
          <img src={p.thumbnail} alt="" className="editor-thumb" width={240} />
          <figcaption>{t.pictureNow}: {p.alt}</figcaption>
        </figure>
      ) : <p>{t.noPicture}</p>}
      <form method="post" action={action} encType="multipart/form-data" id={id} className="staff-form" noValidate>
        {hidden("upload")}
        {mine ? <StaffErrors form={id} order={["photo", "alt"]} /> : null}
        <Field form={id} name="photo" label={t.pictureFile} hint={fill(t.pictureHint, { min: d.pictureMinWidth, mb: d.pictureMaxMb })} error={fileError}>
          <input {...describedBy(id, "photo", fileError, true)} type="file" className="input" accept="image/jpeg,image/png,image/webp" />
        </Field>
        <Field form={id} name="alt" label={t.pictureAlt} hint={t.pictureAltHint} error={altError}>
          <input {...describedBy(id, "alt", altError, true)} className="input" maxLength={250} defaultValue={mine && typeof refused.values.alt === "string" ? refused.values.alt : ""} />
        </Field>
        <button type="submit" className="button button--primary">{t.upload}<span className="visually-hidden"> ({label})</span></button>
      </form>
      {p.thumbnail ? (
        <form method="post" action={action} encType="multipart/form-data" id={`${id}-remove`} className="staff-inline">
          {hidden("remove")}
          <button type="submit" className="button button--outline">{t.removePicture}<span className="visually-hidden"> ({label})</span></button>
        </form>
      ) : null}
    </div>
  );
}

/** The session's anti-forgery token, as `StaffForm` adds it. */
function CsrfField() {
  const { bar } = useStaff();
  return bar?.csrf ? <input type="hidden" name="csrf" value={bar.csrf} /> : null;
}

const EMPTY: StaffEntryData = {
  key: "", kind: "page", title: "", lang: DEFAULT_LANGUAGE, languages: [], translation: false, untranslated: 0, englishFirst: false, public: null, live: false, retired: false, history: "", revision: null, fields: [], pictures: [], pictureMaxMb: 0, pictureMinWidth: 0, problems: [], preview: null,
  published: null, scheduled: null, revisions: [], shares: [], today: "", shareHours: 0, shareMaxHours: 0,
};

/** The page in the console's frame (header, navigation, sign-out). */
export default function StaffEntry() {
  return <StaffFrame><StaffEntryPage /></StaffFrame>;
}
