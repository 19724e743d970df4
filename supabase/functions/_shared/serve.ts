import type {} from "./edge-runtime.d.ts";
// Every function's Deno entry: serves its portable handler with what the runtime provides.
import type { FunctionHandler } from "./types.ts";

export function serveHandler(handler: FunctionHandler): void {
  Deno.serve((req) =>
    handler(req, { env: Deno.env, fetch, waitUntil: (task) => EdgeRuntime.waitUntil(task) }),
  );
}
