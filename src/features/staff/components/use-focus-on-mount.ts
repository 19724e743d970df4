import { useEffect, useRef } from "react";

/**
 * A ref for a step's heading that takes the focus when the step appears, unless something in it
 * already has the focus (an autofocused field): a screen reader then reads the new step, and
 * keyboard users continue from there.
 */
export function useFocusOnMount<Element extends HTMLElement>(enabled = true) {
  const ref = useRef<Element>(null);
  useEffect(() => {
    if (!enabled) return;
    const focused = document.activeElement;
    if (focused === null || focused === document.body || !focused.isConnected) {
      ref.current?.focus();
    }
    // Only when the step appears: a later change of `enabled` is not a new step.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return ref;
}
