// A /rest/v1 request as the handlers see it, and what every handler derives from it the same
// way: the transaction's settings and role, the Prefer header, the JSON body.
import type { TransactionOptions } from "../db.ts";
import { ApiError } from "../errors.ts";

/** What a request's transaction is set up from (a /rest/v1 or a /storage/v1 request). */
export interface RequestScope {
  /** Upper case. */
  method: string;
  /** The path after the service's prefix (/rest/v1, /storage/v1). */
  path: string;
  headers: Headers;
  role: string;
  claims: Record<string, unknown>;
  /** Who is calling (connectingAddress), for CF-Connecting-IP; null when unknown. */
  clientAddress: string | null;
}

export interface RestRequest extends RequestScope {
  /** The path after /rest/v1/: a table name or rpc/<function>. */
  table: string;
  searchParams: URLSearchParams;
  body: string;
  /** `[api] max_rows`: the most rows a read answers with, as PostgREST's db-max-rows. */
  maxRows: number;
}

export interface RestResponse {
  status: number;
  headers: Record<string, string>;
  body: string | null;
}

export const JSON_CONTENT_TYPE = "application/json; charset=utf-8";

export function isReadMethod(method: string): boolean {
  return method === "GET" || method === "HEAD";
}

/**
 * Hosted Supabase's statement_timeout per API role (set on the roles there; PostgREST applies a
 * role's settings to its requests). service_role has none.
 */
const STATEMENT_TIMEOUTS: Readonly<Record<string, string>> = {
  anon: "3s",
  authenticated: "8s",
};

const CONNECTING_ADDRESS_HEADER = "cf-connecting-ip";

/**
 * The request's headers as PostgREST hands them to SQL, lower case. On hosted Supabase,
 * Cloudflare sets CF-Connecting-IP over whatever the client sent, so SQL may trust it (say, to
 * limit writes per visitor): here it is the stack's client address, and a client's own is dropped.
 */
function requestHeaders(request: RequestScope): Record<string, string> {
  const headers = Object.fromEntries(
    [...request.headers].map(([name, value]) => [name.toLowerCase(), value]),
  );
  delete headers[CONNECTING_ADDRESS_HEADER];
  if (request.clientAddress) headers[CONNECTING_ADDRESS_HEADER] = request.clientAddress;
  return headers;
}

/**
 * One transaction per request, under the JWT's role, with PostgREST's request.* settings (which
 * Storage sets too).
 */
export function transactionOptions(request: RequestScope): TransactionOptions {
  const headers = requestHeaders(request);
  const timeout = Object.hasOwn(STATEMENT_TIMEOUTS, request.role)
    ? STATEMENT_TIMEOUTS[request.role]
    : undefined;
  return {
    settings: {
      search_path: "public, extensions",
      ...(timeout ? { statement_timeout: timeout } : {}),
      "request.jwt.claims": JSON.stringify(request.claims),
      "request.method": request.method,
      "request.path": request.path,
      "request.headers": JSON.stringify(headers),
    },
    role: request.role,
    readOnly: isReadMethod(request.method),
  };
}

/** `Prefer: return=representation, count=exact` as a map. */
export function preferences(request: RestRequest): Map<string, string> {
  const prefer = new Map<string, string>();
  for (const part of (request.headers.get("prefer") ?? "").split(",")) {
    const [name, value] = part.trim().split("=");
    if (name) prefer.set(name.trim(), (value ?? "").trim());
  }
  return prefer;
}

/** `Accept: application/vnd.pgrst.object+json`: one object instead of an array. */
export function wantsSingleObject(request: RestRequest): boolean {
  return (request.headers.get("accept") ?? "").includes("application/vnd.pgrst.object+json");
}

export function parseJsonBody(body: string): unknown {
  if (body.trim() === "") return {};
  try {
    return JSON.parse(body);
  } catch (error) {
    throw new ApiError(400, "PGRST102", "Empty or invalid json", (error as Error).message);
  }
}

export function parseJsonObject(body: string): Record<string, unknown> {
  const parsed = parseJsonBody(body);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ApiError(400, "PGRST102", "Empty or invalid json");
  }
  return parsed as Record<string, unknown>;
}
