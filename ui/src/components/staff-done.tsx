// What a console write just did, shown after its redirect (`?done=`). In a file of
// its own: a page that imports it reads `?done`, and declares it in the page
// registry (`every_parameter_a_component_reads_is_declared`).
import { useLocation } from "react-router";

/** What a write just did, from the page's `?done=` (after POST-redirect-GET), in the page's words. */
export function DoneNote({ texts }: { texts: Record<string, string> }) {
  const { search } = useLocation();
  const done = new URLSearchParams(search).get("done");
  const text = done ? texts[done] : undefined;
  return text ? <p className="staff-done" role="status">{text}</p> : null;
}
