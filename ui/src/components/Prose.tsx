// Editors' paragraphs with the small formatting they may use (docs/editors.md):
// **bold**, [a link](/a-page-of-the-site) (or https://, mailto:, tel:), and a
// paragraph whose every line starts with "- " is a list. Everything else is
// text, escaped by React: no markup an editor types ever reaches a page. A text
// without formatting is drawn exactly as before (the same markup, byte for byte).
import type { ReactNode } from "react";
import { inLanguage } from "../lib/language";

const INLINE = /\*\*([^*]+)\*\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

/** Where an editor's link may lead: this site, or https, mail and phone. */
function safeHref(href: string): string | null {
  const own = href.startsWith("/") && !href.startsWith("//");
  return own || href.startsWith("https://") || href.startsWith("mailto:") || href.startsWith("tel:") ? href : null;
}

/** A line's bold words and links. */
function inline(text: string): ReactNode {
  if (text.indexOf("**") < 0 && text.indexOf("](") < 0) return text;
  const out: ReactNode[] = [];
  let last = 0;
  INLINE.lastIndex = 0;
  for (let m = INLINE.exec(text); m; m = INLINE.exec(text)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    if (m[1] !== undefined) {
      out.push(<strong key={m.index}>{m[1]}</strong>);
    } else {
      const href = safeHref(m[3]);
      out.push(href ? <a key={m.index} className="text-link" href={inLanguage(href)}>{m[2]}</a> : m[0]);
    }
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** One paragraph of an editor's text: a list when every line starts with "- ". */
export function Paragraph({ text }: { text: string }) {
  const lines = text.split("\n");
  if (lines.length > 1 && lines.every((l) => l.startsWith("- "))) {
    return <ul>{lines.map((l, i) => <li key={i}>{inline(l.slice(2))}</li>)}</ul>;
  }
  return <p>{inline(text)}</p>;
}
