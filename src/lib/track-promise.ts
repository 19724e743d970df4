/** A promise as React's `use()` reads it: with its outcome written on it once settled. */
export type Tracked<T> = Promise<T> & {
  status?: "pending" | "fulfilled" | "rejected";
  value?: T;
  reason?: unknown;
};

/**
 * Marks `promise` the way React's `use()` tracks the promises it is given, so that `use()` reads
 * a settled one at once instead of suspending for a tick. Pass `use()` the same promise on every
 * render, and call it on every render (never `cached ?? use(promise)`): React warns about a new
 * promise per render, and about a component that suspended with `use()` and then rendered
 * without calling it.
 */
export function trackPromise<T>(promise: Promise<T>): Tracked<T> {
  const tracked = promise as Tracked<T>;
  if (tracked.status) return tracked;
  tracked.status = "pending";
  promise.then(
    (value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    },
    (reason: unknown) => {
      tracked.status = "rejected";
      tracked.reason = reason;
    },
  );
  return tracked;
}
