// Fades content in when something on the page changes it (the hero's slides,
// the service tiles). The animation is framer-motion's small `animate` for DOM
// elements (`framer-motion/dom/mini`, on the Web Animations API), fetched in a
// chunk of its own once something is about to animate, never for the first paint.
import { useEffect, useRef, type ReactNode } from "react";

const load = () => import("framer-motion/dom/mini");

/** Fetches the animation code ahead of need (call from an effect, after hydration). */
export function preloadMotion(): void {
  void load().catch(() => {});
}

/**
 * Fades its content in when it is drawn with `animate` true. The server and the
 * hydrating client draw the same plain <div> (animate is false until the
 * visitor or a timer changes something), so the markup always matches and
 * nothing starts hidden. Nothing moves for people who asked for reduced motion.
 */
export function Fade({ animate, className, children, duration = 0.8, rise = 0 }: {
  animate: boolean; className?: string; children: ReactNode; duration?: number; rise?: number;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = box.current;
    if (!animate || !el || window.matchMedia?.("(prefers-reduced-motion: reduce)").matches) return;
    let stop = () => {};
    let gone = false;
    load()
      .then(({ animate: run }) => {
        if (gone) return;
        // Only what moves is animated: a transform, even of nothing, would make
        // the box the place its positioned pictures are laid out from.
        const frames = rise ? { opacity: [0, 1], transform: [`translateY(${rise}px)`, "translateY(0)"] } : { opacity: [0, 1] };
        const controls = run(el, frames, { duration, ease: "easeOut" });
        stop = () => controls.stop();
      })
      .catch(() => {});
    return () => {
      gone = true;
      stop();
    };
  }, [animate, duration, rise]);
  return <div ref={box} className={className}>{children}</div>;
}
