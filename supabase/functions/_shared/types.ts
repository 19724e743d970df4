// The contract between a function's portable handler and its Deno entry (index.ts), which
// hands it Deno.env, fetch and EdgeRuntime.waitUntil. Hosted Supabase and the local stack both
// run that entry under Deno; the handler's unit tests pass fakes instead.

export interface FunctionEnv {
  get(name: string): string | undefined;
}

export interface FunctionContext {
  env: FunctionEnv;
  fetch: typeof fetch;
  /** Keeps the function alive for work after the response (hosted: EdgeRuntime.waitUntil). */
  waitUntil: (task: Promise<unknown>) => void;
}

export type FunctionHandler = (req: Request, ctx: FunctionContext) => Promise<Response>;
