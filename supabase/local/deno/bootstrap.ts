// The local stack starts every function as `deno run <this file> <the function's index.ts URL>`
// with its stdin a pipe from the stack. The entry calls Deno.serve as on hosted Supabase
// (DENO_SERVE_ADDRESS puts it on the port the stack chose). When the stack's end of the pipe
// closes, this process exits: that happens on close() and also when the stack is SIGKILLed,
// which no signal handler of the stack could catch. Before the entry runs, the globals hosted
// Supabase's edge runtime adds to Deno are put in place (EdgeRuntime.waitUntil).
import type {} from "../../functions/_shared/edge-runtime.d.ts";

const entry = Deno.args[0];
if (!entry) {
  console.error("usage: bootstrap.ts <file URL of the function's index.ts>");
  Deno.exit(2);
}

async function exitWhenStdinCloses(): Promise<never> {
  for await (const _chunk of Deno.stdin.readable) {
    // The stack never writes; anything it did would be ignored.
  }
  Deno.exit(0);
}

/** Background tasks still running, held as the hosted runtime holds them until they settle. */
const backgroundTasks = new Set<Promise<unknown>>();

/**
 * Hosted's EdgeRuntime.waitUntil. This process outlives every request anyway, so holding the task
 * is all it takes. A rejection is logged rather than left unhandled: an unhandled one ends Deno,
 * and with it every other request and task of the function.
 */
function waitUntil<T>(promise: Promise<T>): Promise<T> {
  const task = Promise.resolve(promise)
    .catch((error: unknown) =>
      console.error("EdgeRuntime.waitUntil: background task failed:", error),
    )
    .finally(() => backgroundTasks.delete(task));
  backgroundTasks.add(task);
  return promise;
}

const edgeRuntime: typeof EdgeRuntime = { waitUntil };
Object.defineProperty(globalThis, "EdgeRuntime", {
  value: edgeRuntime,
  writable: true,
  configurable: true,
});

exitWhenStdinCloses();
await import(entry);
