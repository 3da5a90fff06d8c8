import { lazy, Suspense, type ReactNode } from "react";

const load = () => import("./motion-fade");
const MotionFade = lazy(load);

/** Fetches the animation code ahead of need (call from an effect, after hydration). */
export function preloadMotion(): void {
  void load().catch(() => {});
}

/**
 * Fades its content in when `animate` is true. The server and the hydrating
 * client render a plain <div> (animate is false until the visitor or a timer
 * changes something), so the markup always matches and nothing starts hidden.
 * framer-motion honours prefers-reduced-motion (MotionConfig reducedMotion="user").
 */
export function Fade({ animate, className, children, duration = 0.8, rise = 0 }: {
  animate: boolean; className?: string; children: ReactNode; duration?: number; rise?: number;
}) {
  const plain = <div className={className}>{children}</div>;
  if (!animate) return plain;
  return (
    <Suspense fallback={plain}>
      <MotionFade className={className} duration={duration} rise={rise}>{children}</MotionFade>
    </Suspense>
  );
}
