// The content editor's languages (src/pages/editor.rs, `LanguageLink`): the
// same page of the editor in English, Hindi and Gujarati, each named in itself,
// the one shown marked as the current page.
import { StaffLink } from "./staff";
import type { EditorLanguage } from "../types";

export function EditorLanguages({ languages, label }: { languages: readonly EditorLanguage[]; label: string }) {
  if (languages.length < 2) return null;
  return (
    <nav aria-label={label} className="editor-languages">
      <ul>
        {languages.map((l) => (
          <li key={l.lang}>
            <StaffLink to={l.link} lang={l.lang} hrefLang={l.lang} aria-current={l.current ? "page" : undefined}>{l.name}</StaffLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
