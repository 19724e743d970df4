import type { ReactElement } from "react";
import { ResponsiveContainer } from "recharts";

// Where ResizeObserver is missing (jsdom, very old browsers) the container cannot measure
// itself: it draws at this size instead of not at all.
const unmeasured = { width: 640, height: 240 };

/**
 * What every series of a chart is given: drawn at once. Recharts animates a series by drawing
 * it again on every frame for a second and a half, the very time the page is first painting.
 */
export const seriesDrawnAtOnce = { isAnimationActive: false } as const;

/**
 * One Recharts chart (`BarChart`, `LineChart`, ... with `chartRootProps` and an `aria-label`),
 * sized to the card's chart area, whose height ChartCard fixes.
 */
export function ChartFrame({ children }: { children: ReactElement }) {
  return (
    <ResponsiveContainer
      width="100%"
      height="100%"
      initialDimension={typeof ResizeObserver === "undefined" ? unmeasured : undefined}
    >
      {children}
    </ResponsiveContainer>
  );
}
