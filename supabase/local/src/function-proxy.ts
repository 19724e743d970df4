// Passes one request to a function's Deno process and its answer back, as they are: method,
// headers (Host included), body streamed both ways, status and headers of the answer. Only the
// hop-by-hop headers stay behind. node:http rather than fetch, which would decompress an
// encoded answer and drop the Host header.
import http from "node:http";
import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";

const HOP_BY_HOP = new Set([
  "connection",
  "keep-alive",
  "proxy-connection",
  "transfer-encoding",
  "te",
  "trailer",
  "upgrade",
]);

export interface ProxyTarget {
  port: number;
  /** The path and query the function sees: /<name>/..., as on hosted Supabase. */
  path: string;
  agent: http.Agent;
}

export interface ProxiedResponse {
  response: Response;
  /** Settles once the answer's body has been passed on (or abandoned). */
  finished: Promise<void>;
}

function answerFrom(incoming: http.IncomingMessage, method: string): ProxiedResponse {
  const headers = new Headers();
  const raw = incoming.rawHeaders;
  for (let index = 0; index < raw.length; index += 2) {
    if (!HOP_BY_HOP.has(raw[index]!.toLowerCase())) headers.append(raw[index]!, raw[index + 1]!);
  }
  const status = incoming.statusCode ?? 502;
  const finished = new Promise<void>((resolve) => incoming.once("close", () => resolve()));
  const bodiless = method === "HEAD" || status === 204 || status === 304;
  if (bodiless) incoming.resume();
  const body = bodiless ? null : (Readable.toWeb(incoming) as ReadableStream<Uint8Array>);
  return {
    response: new Response(body, { status, statusText: incoming.statusMessage, headers }),
    finished,
  };
}

export function proxyToFunction(request: Request, target: ProxyTarget): Promise<ProxiedResponse> {
  return new Promise((resolve, reject) => {
    const headers: http.OutgoingHttpHeaders = {};
    request.headers.forEach((value, name) => {
      if (!HOP_BY_HOP.has(name)) headers[name] = value;
    });
    const upstream = http.request(
      {
        host: "127.0.0.1",
        port: target.port,
        method: request.method,
        path: target.path,
        headers,
        agent: target.agent,
      },
      (incoming) => resolve(answerFrom(incoming, request.method)),
    );
    upstream.once("error", reject);
    // The caller went away: so does the function's request.
    request.signal.addEventListener("abort", () => upstream.destroy(), { once: true });
    if (!request.body) {
      upstream.end();
      return;
    }
    Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>)
      .once("error", (error) => upstream.destroy(error))
      .pipe(upstream);
  });
}
