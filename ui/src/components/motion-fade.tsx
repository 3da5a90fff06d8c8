// The animated half of <Fade>, in its own chunk: framer-motion is only downloaded
// once something on the page actually animates, never for the first paint.
import { LazyMotion, MotionConfig, domAnimation, m } from "framer-motion";
import type { ReactNode } from "react";

export default function MotionFade({ className, children, duration, rise }: {
  className?: string; children: ReactNode; duration: number; rise: number;
}) {
  return (
    <LazyMotion features={domAnimation} strict>
      <MotionConfig reducedMotion="user">
        <m.div className={className} initial={{ opacity: 0, y: rise }} animate={{ opacity: 1, y: 0 }}
          transition={{ duration, ease: "easeOut" }}>
          {children}
        </m.div>
      </MotionConfig>
    </LazyMotion>
  );
}
