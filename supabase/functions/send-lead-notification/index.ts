// Deno entry for hosted Supabase; the portable handler holds the logic.
import handler from "./handler.ts";

Deno.serve((req) => handler(req, { env: Deno.env, fetch }));
