// A drawn picture for each service (no photos can be used): a lucide icon on a
// tinted disc, decorative because the service's name is always next to it.
import { Apple, FlaskConical, HeartPulse, House, Pill, Smile, Stethoscope, Activity } from "lucide-react";

const ICONS: Record<string, typeof Pill> = {
  "doctor-consultation": Stethoscope,
  pharmacy: Pill,
  laboratory: FlaskConical,
  physiotherapy: Activity,
  "clinical-nutrition": Apple,
  "home-care": House,
  "mental-health": Smile,
  wellness: HeartPulse,
};

export function ServiceIcon({ id, size = 72 }: { id: string; size?: number }) {
  const Icon = ICONS[id] ?? HeartPulse;
  return (
    <span className="service-icon" style={{ width: size, height: size }} aria-hidden="true">
      <Icon focusable="false" size={Math.round(size * 0.5)} />
    </span>
  );
}
