// A request's body, read with a ceiling: every function states the most bytes its real bodies
// need, and anything larger is refused with 413 before it is read. The declared Content-Length
// is checked first, at no cost; a body sent without one (chunked) is read as a stream and cut
// off as soon as it passes the ceiling, so nothing larger is ever held in memory.
import { HttpError } from "./http-error.ts";

export const KiB = 1024;
export const MiB = 1024 * KiB;

/** The body, read at most once, as text or JSON; a 400 when it is not the JSON asked for. */
export interface RequestBody {
  text(): Promise<string>;
  json(): Promise<unknown>;
}

const tooLarge = (maxBytes: number) =>
  new HttpError(413, `The request body must be at most ${maxBytes} bytes.`);

/** The body of `req`, refused with 413 at once when its declared length passes `maxBytes`. */
export function limitedBody(req: Request, maxBytes: number): RequestBody {
  const declared = req.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= maxBytes)) throw tooLarge(maxBytes);

  const text = async (): Promise<string> => {
    if (!req.body) return "";
    const reader = req.body.getReader();
    const chunks: Uint8Array[] = [];
    let size = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw tooLarge(maxBytes);
      }
      chunks.push(value);
    }
    const bytes = new Uint8Array(size);
    let offset = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, offset);
      offset += chunk.byteLength;
    }
    return new TextDecoder().decode(bytes);
  };

  return {
    text,
    async json() {
      const body = await text();
      try {
        return JSON.parse(body) as unknown;
      } catch {
        throw new HttpError(400, "The request body must be valid JSON.");
      }
    },
  };
}
