import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/** False while prerendering and hydrating, true once the component runs in the browser. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
