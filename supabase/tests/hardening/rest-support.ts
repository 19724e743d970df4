// Shared by the REST hardening suites: raw requests to /rest/v1 as a client without supabase-js
// sends them, and what an answer must never hold (JavaScript's own error text).
import { createHmac } from "node:crypto";
import type { TestStack } from "../../local/__tests__/helpers.ts";

export interface RawAnswer {
  status: number;
  /** PostgREST's error code, when the body is an error. */
  code: string | undefined;
  message: string | undefined;
  contentType: string | null;
  contentRange: string | null;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  milliseconds: number;
}

/** A request to `path` (under the stack's URL) as anon with the publishable key, unless told. */
export async function rawRequest(
  stack: TestStack,
  path: string,
  headers: Record<string, string> = {},
  init: RequestInit = {},
): Promise<RawAnswer> {
  const started = performance.now();
  const response = await fetch(`${stack.url}${path}`, {
    ...init,
    headers: { apikey: stack.publishableKey, ...headers },
  });
  const text = await response.text();
  const milliseconds = performance.now() - started;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const error = json && typeof json === "object" && !Array.isArray(json) ? json : {};
  return {
    status: response.status,
    code: (error as { code?: string }).code,
    message: (error as { message?: string }).message,
    contentType: response.headers.get("content-type"),
    contentRange: response.headers.get("content-range"),
    text,
    json,
    milliseconds,
  };
}

/** Words of a JavaScript exception or its stack, which an answer must never carry. */
export const JAVASCRIPT_TEXT =
  /URIError|TypeError|RangeError|ReferenceError|SyntaxError|\n\s+at |node:internal|\.ts:\d+/;

/** An HS256 token of the legacy secret over a payload written as raw JSON text. */
export function signRawJwt(payloadJson: string, secret: string): string {
  const encode = (text: string) => Buffer.from(text).toString("base64url");
  const signingInput = `${encode(JSON.stringify({ alg: "HS256", typ: "JWT" }))}.${encode(payloadJson)}`;
  const signature = createHmac("sha256", secret).update(signingInput).digest("base64url");
  return `${signingInput}.${signature}`;
}
