// The contract between a function's portable handler and whatever runs it:
// the Deno entry (index.ts) on hosted Supabase, or the local stack in Node.

export interface FunctionEnv {
  get(name: string): string | undefined;
}

export interface OutgoingEmail {
  from: string;
  to: string[];
  subject: string;
  html: string;
  text?: string;
  replyTo?: string;
}

export interface FunctionContext {
  env: FunctionEnv;
  /** Present only on the local stack: delivers to its outbox instead of a mail provider. */
  sendEmail?: (mail: OutgoingEmail) => Promise<void>;
  fetch: typeof fetch;
}

export type FunctionHandler = (req: Request, ctx: FunctionContext) => Promise<Response>;
