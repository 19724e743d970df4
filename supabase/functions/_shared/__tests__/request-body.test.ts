// limitedBody: a body over the ceiling is refused with 413, by its declared length before a
// byte is read, or as it streams in when it declares none; bodies within it read whole.
import { describe, expect, it } from "vitest";
import { HttpError } from "../http-error.ts";
import { limitedBody } from "../request-body.ts";

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://function.test/", {
    method: "POST",
    body,
    headers,
    duplex: "half",
  } as RequestInit);

/** A body without a Content-Length: `chunks` chunks of `size` bytes, counting those pulled. */
function chunked(chunks: number, size: number) {
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count += 1;
      controller.enqueue(new Uint8Array(size).fill(0x61));
    },
  });
  return { stream, pulled };
}

const status = (error: unknown) => (error instanceof HttpError ? error.status : error);

describe("limitedBody", () => {
  it("refuses a declared length over the ceiling before reading anything", () => {
    const { stream, pulled } = chunked(100, 1024);
    const req = post(stream, { "content-length": String(100 * 1024) });
    expect(() => limitedBody(req, 1024)).toThrow(HttpError);
    expect(pulled.count).toBe(0);
  });

  it("cuts a body without a length off at the ceiling", async () => {
    const { stream, pulled } = chunked(1000, 1024);
    const body = limitedBody(post(stream), 4 * 1024);
    expect(await body.text().catch(status)).toBe(413);
    expect(pulled.count).toBeLessThan(10);
  });

  it("reads a body within the ceiling as text or JSON, and refuses a body that is not JSON", async () => {
    expect(await limitedBody(post('{"email":"é@example.com"}'), 64).json()).toEqual({
      email: "é@example.com",
    });
    const { stream } = chunked(4, 16);
    expect(await limitedBody(post(stream), 64).text()).toBe("a".repeat(64));
    expect(await limitedBody(post("not json"), 64).json().catch(status)).toBe(400);
  });
});
