// The one supabase-js client for Node-side code: tests, the browser tests' runner, the bench and
// the scripts. No session is kept unless a storage is given, nothing refreshes by itself unless
// asked, and realtime is stubbed (see NoWebSocket).
import { createClient, type SupabaseClient } from "@supabase/supabase-js";

/**
 * supabase-js wants a WebSocket class for realtime, which Node 20 lacks; no Node-side caller
 * subscribes, so constructing one is an error.
 */
class NoWebSocket {
  constructor() {
    throw new Error("realtime is not used by Node-side supabase-js clients (createNodeClient)");
  }
}

/** Where a client keeps its session: window.localStorage, or any map-like stand-in. */
export interface SessionStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export interface NodeClientOptions {
  /** Keep the session here (persistSession); without it, the session lives in memory only. */
  storage?: SessionStorage;
  /** Sent with every request (global.headers). */
  headers?: Record<string, string>;
  /** Refresh the access token before it expires; off by default. */
  autoRefreshToken?: boolean;
  /** Makes every request (global.fetch), e.g. to vary a header per request. */
  fetch?: typeof fetch;
}

/**
 * A supabase-js client for Node: `createNodeClient<Database>(url, key)` for the generated
 * schema types (shared/database.types.ts), or untyped without the type argument.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- supabase-js's own default
export function createNodeClient<Database = any>(
  url: string,
  key: string,
  options: NodeClientOptions = {},
): SupabaseClient<Database> {
  return createClient<Database>(url, key, {
    auth: {
      persistSession: !!options.storage,
      autoRefreshToken: options.autoRefreshToken ?? false,
      detectSessionInUrl: false,
      storage: options.storage,
    },
    global: { headers: options.headers, fetch: options.fetch },
    realtime: { transport: NoWebSocket as never },
  });
}
