import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../../scripts/lib/node-supabase-client";
import type { Database } from "../../shared/database.types";
import { LOCAL_PUBLISHABLE_KEY, LOCAL_SECRET_KEY } from "../../supabase/local/src/config";

// The browser tests' own local stack (in memory, started by playwright.config.ts), and its
// well-known local keys: the publishable key the site is built with, and the secret key, which
// never leaves the test runner.
export const stackPort = Number(process.env.E2E_STACK_PORT ?? 54329);
export const stackUrl = `http://127.0.0.1:${stackPort}`;
export { LOCAL_PUBLISHABLE_KEY as publicKey, LOCAL_SECRET_KEY as secretKey };

let service: SupabaseClient<Database> | undefined;

/** A client that bypasses row security: to arrange data and to check what was stored. */
export function serviceClient(): SupabaseClient<Database> {
  service ??= createNodeClient<Database>(stackUrl, LOCAL_SECRET_KEY);
  return service;
}
