import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { usePainted } from "../use-painted";

function Probe() {
  return <p>{usePainted() ? "painted" : "first render"}</p>;
}

/** The browser's frames, run by hand: the callbacks of the next frame, before its paint. */
function framesByHand() {
  const callbacks = new Map<number, FrameRequestCallback>();
  let next = 0;
  vi.spyOn(window, "requestAnimationFrame").mockImplementation((callback) => {
    callbacks.set(++next, callback);
    return next;
  });
  vi.spyOn(window, "cancelAnimationFrame").mockImplementation((id) => callbacks.delete(id));
  return {
    pending: () => callbacks.size,
    runFrame: () => {
      const due = [...callbacks.values()];
      callbacks.clear();
      for (const callback of due) callback(performance.now());
    },
  };
}

describe("usePainted", () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("is false until the frame of the first render has painted, then true", () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const frames = framesByHand();
    render(<Probe />);
    // Tasks alone do not count: the page has not painted yet.
    act(() => vi.runAllTimers());
    expect(screen.getByText("first render")).toBeInTheDocument();
    // The frame's callbacks run before its paint: still not painted.
    act(() => frames.runFrame());
    expect(screen.getByText("first render")).toBeInTheDocument();
    // The task queued from the frame runs after its paint.
    act(() => vi.runAllTimers());
    expect(screen.getByText("painted")).toBeInTheDocument();
  });

  it("asks for nothing more once unmounted before the paint", () => {
    const frames = framesByHand();
    const { unmount } = render(<Probe />);
    expect(frames.pending()).toBe(1);
    unmount();
    expect(frames.pending()).toBe(0);
  });
});
