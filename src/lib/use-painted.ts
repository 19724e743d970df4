import { useEffect, useState } from "react";

/**
 * False until the browser has painted what the component first rendered. Reads that can wait
 * (`enabled: usePainted()`) then leave the first paint to what the page is for.
 */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // A frame's callbacks run before its paint; a task queued from one runs after it.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
