import { act, render, screen } from "@testing-library/react";
import { Component, type ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { useSettled } from "../use-settled";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((yes, no) => ((resolve = yes), (reject = no)));
  return { promise, resolve, reject };
}

function Shows({ promise }: { promise: Promise<string> }) {
  const value = useSettled(promise);
  return <p>{value ?? "loading"}</p>;
}

class Caught extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>failed: {String(this.state.error)}</p> : this.props.children;
  }
}

describe("useSettled", () => {
  it("shows the caller's loading state, then the value, without suspending", async () => {
    const { promise, resolve } = deferred<string>();
    render(<Shows promise={promise} />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    await act(async () => resolve("ready"));
    expect(screen.getByText("ready")).toBeInTheDocument();
  });

  it("reads a promise that has already settled on the first render", async () => {
    const settled = Promise.resolve("at once");
    render(<Shows promise={settled} />);
    // trackPromise marks it within a microtask; the re-render follows.
    expect(await screen.findByText("at once")).toBeInTheDocument();
    render(<Shows promise={settled} />);
    expect(screen.getAllByText("at once")).toHaveLength(2);
  });

  it("throws a rejection to the nearest error boundary", async () => {
    const { promise, reject } = deferred<string>();
    render(
      <Caught>
        <Shows promise={promise} />
      </Caught>,
    );
    await act(async () => reject(new Error("chunk lost")));
    expect(screen.getByText("failed: Error: chunk lost")).toBeInTheDocument();
  });
});
