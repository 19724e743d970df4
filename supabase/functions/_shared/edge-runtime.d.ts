// The global that hosted Supabase's edge runtime gives every function, declared as
// jsr:@supabase/functions-js/edge-runtime.d.ts declares it, so `deno check` knows it without a
// network import. A file that uses it says so with
//   import type {} from "../_shared/edge-runtime.d.ts";
// (a type-only import: erased before anything runs, so Deno, Vitest and the hosted bundler never
// load it). The local stack provides the global itself, in supabase/local/deno/bootstrap.ts.
declare global {
  namespace EdgeRuntime {
    /**
     * Marks `promise` as a background task: the function's instance keeps running until it
     * settles, after the response is sent. Not awaited by the caller, so the response is not held.
     */
    function waitUntil<T>(promise: Promise<T>): Promise<T>;
  }
}

export {};
