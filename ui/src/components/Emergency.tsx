// The help a search that means an emergency shows before any result (issue 43,
// DESIGN.md "Patient safety"): for each kind, its heading, a sentence and the
// numbers to call as `tel:` buttons, then the line that the clinics are not for
// emergencies. The words are the server's (`catalogue/emergency.json`, in the
// page's language), given with the results: the header's suggestions and the
// search page draw the same.
import { Phone } from "lucide-react";
import type { EmergencyHelp as Help } from "../types";

/**
 * `compact` for the header's suggestions (no headings in a popup, smaller
 * buttons); the search page heads each help with an `h2`.
 */
export function EmergencyHelp({ help, compact }: { help: Help[]; compact?: boolean }) {
  if (!help.length) return null;
  return (
    <div className={`emergency-help${compact ? " emergency-help--compact" : ""}`} data-emergency="">
      {help.map((h) => (
        <section key={h.kind} className="emergency-help-kind" data-emergency-kind={h.kind} aria-label={compact ? h.heading : undefined}>
          {compact ? <p className="emergency-help-heading">{h.heading}</p> : <h2 className="emergency-help-heading">{h.heading}</h2>}
          <p>{h.text}</p>
          <p className="emergency-help-calls">
            {h.calls.map((c) => (
              <a key={c.number} href={`tel:${c.number}`} className="button emergency-call">
                <Phone aria-hidden="true" focusable="false" size={18} />
                {c.label}
              </a>
            ))}
          </p>
        </section>
      ))}
      <p className="emergency-help-note">{help[0].notFor}</p>
    </div>
  );
}
