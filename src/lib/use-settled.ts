import { useEffect, useReducer } from "react";
import { trackPromise } from "./track-promise";

/**
 * What `promise` resolved to, or undefined while it is pending (the caller shows its own
 * loading state). Unlike `use()` under Suspense it never suspends: React holds a Suspense
 * boundary's content back until 300 ms after its fallback appeared, a delay a part that is
 * loading while the page is already on screen does not need. A rejection is thrown to the
 * nearest error boundary. Pass the same promise on every render.
 */
export function useSettled<T>(promise: Promise<T>): T | undefined {
  const tracked = trackPromise(promise);
  const [, settled] = useReducer((count: number) => count + 1, 0);
  const pending = tracked.status === "pending";
  // It may have settled between this render and the effect: then() still calls back.
  useEffect(() => {
    if (pending) tracked.then(settled, settled);
  }, [tracked, pending]);
  if (tracked.status === "rejected") throw tracked.reason;
  return tracked.status === "fulfilled" ? tracked.value : undefined;
}
