// PUT /__local/resend/faults: the Resend stand-in's rate limit (per API key, with Resend's
// headers), random 429s and 500s and lost responses, reproducible with a seed, on the single and
// the batch endpoint.
import crypto from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { postToResend, readOutbox, startTestStack, type TestStack } from "./helpers.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

afterEach(async () => {
  expect((await faults("DELETE")).status).toBe(204);
});

function faults(method: "PUT" | "DELETE", body?: unknown, apikey = stack.secretKey) {
  return fetch(`${stack.url}/__local/resend/faults`, {
    method,
    headers: { apikey, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

const mail = (to: string) => ({
  from: "Appgrove <newsletter@example.com>",
  to: [to],
  subject: "The news",
  text: "News",
});
const marker = () => crypto.randomUUID().slice(0, 8);

/** The statuses of `count` requests in a row, alternating the single and the batch endpoint. */
async function statuses(run: string, count: number): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) {
    const to = `${index}-${run}@example.com`;
    const response =
      index % 2 === 0
        ? await postToResend(stack, "emails", mail(to))
        : await postToResend(stack, "emails/batch", [mail(to)]);
    await response.body?.cancel();
    seen.push(response.status);
  }
  return seen;
}

describe("the fault settings", () => {
  it("are for the service role only, and refuse what they do not know", async () => {
    expect((await faults("PUT", { serverErrorRate: 1 }, stack.publishableKey)).status).toBe(401);
    expect((await faults("DELETE", undefined, stack.publishableKey)).status).toBe(401);
    for (const body of [
      { serverErrorRate: 1.5 },
      { requestsPerSecond: 0 },
      { requestsPerSecond: 1.5 },
      { seed: "x" },
      { rateLimitRate: -1 },
      { failureRate: 0.5 },
      [],
    ]) {
      expect((await faults("PUT", body)).status).toBe(400);
    }
    // Refused settings change nothing: every request still goes through.
    expect(await statuses(marker(), 4)).toEqual([200, 200, 200, 200]);
  });
});

describe("random 429s and 500s", () => {
  it("fail before anything is stored, in the same order for the same seed", async () => {
    const settings = { serverErrorRate: 0.3, rateLimitRate: 0.2, seed: 42 };
    expect((await faults("PUT", settings)).status).toBe(204);
    const run = marker();
    const first = await statuses(run, 40);
    expect((await faults("PUT", settings)).status).toBe(204);
    const second = await statuses(marker(), 40);
    expect(second).toEqual(first);

    const count = (status: number) => first.filter((seen) => seen === status).length;
    expect(count(200) + count(429) + count(500)).toBe(40);
    expect(count(429)).toBeGreaterThan(2);
    expect(count(500)).toBeGreaterThan(4);
    expect(count(200)).toBeGreaterThan(10);
    const stored = (await readOutbox(stack, "?bodies=none")).filter((entry) =>
      entry.to[0]!.endsWith(`-${run}@example.com`),
    );
    expect(stored.map((entry) => entry.to[0])).toEqual(
      first.flatMap((status, index) => (status === 200 ? [`${index}-${run}@example.com`] : [])),
    );
  });

  it("answer in Resend's words, a 429 with its headers", async () => {
    expect((await faults("PUT", { rateLimitRate: 1 })).status).toBe(204);
    const limited = await postToResend(stack, "emails/batch", [mail("x@example.com")]);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toMatchObject({ statusCode: 429, name: "rate_limit_exceeded" });
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(limited.headers.get("ratelimit-remaining")).toBe("0");
    expect((await faults("PUT", { serverErrorRate: 1 })).status).toBe(204);
    const failed = await postToResend(stack, "emails", mail("x@example.com"));
    expect(failed.status).toBe(500);
    expect(await failed.json()).toMatchObject({ statusCode: 500, name: "internal_server_error" });
  });
});

describe("the rate limit", () => {
  it("allows so many requests per second per API key, with Resend's headers", async () => {
    expect((await faults("PUT", { requestsPerSecond: 2 })).status).toBe(204);
    const run = marker();
    const [first, second, third] = [
      await postToResend(stack, "emails", mail(`1-${run}@example.com`)),
      await postToResend(stack, "emails/batch", [mail(`2-${run}@example.com`)]),
      await postToResend(stack, "emails", mail(`3-${run}@example.com`)),
    ];
    expect([first.status, second.status, third.status]).toEqual([200, 200, 429]);
    expect(first.headers.get("ratelimit-limit")).toBe("2");
    expect(first.headers.get("ratelimit-remaining")).toBe("1");
    expect(first.headers.get("ratelimit-reset")).toBe("1");
    expect(first.headers.get("retry-after")).toBeNull();
    expect(second.headers.get("ratelimit-remaining")).toBe("0");
    expect(third.headers.get("retry-after")).toBe("1");
    expect(third.headers.get("ratelimit-limit")).toBe("2");
    expect(await third.json()).toMatchObject({
      name: "rate_limit_exceeded",
      message: expect.stringContaining("You can only make 2 requests per second"),
    });
    // Another function's key has a window of its own.
    const other = await postToResend(stack, "emails", mail(`4-${run}@example.com`), {}, "open");
    expect(other.status).toBe(200);
    // The next second, the key may send again.
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await postToResend(stack, "emails", mail(`5-${run}@example.com`))).status).toBe(200);
    const stored = (await readOutbox(stack, "?bodies=none")).filter((entry) =>
      entry.to[0]!.endsWith(`-${run}@example.com`),
    );
    expect(stored.map((entry) => entry.to[0]!.split("-")[0])).toEqual(["1", "2", "4", "5"]);
  });
});

describe("lost responses", () => {
  it("store the batch, answer 500, and the retry with the same key stores nothing more", async () => {
    expect((await faults("PUT", { lostResponseRate: 1 })).status).toBe(204);
    const run = marker();
    const key = `newsletter-batch/${run}`;
    const batch = [mail(`a-${run}@example.com`), mail(`b-${run}@example.com`)];
    const lost = await postToResend(stack, "emails/batch", batch, { "Idempotency-Key": key });
    expect(lost.status).toBe(500);
    const lostAgain = await postToResend(stack, "emails/batch", batch, { "Idempotency-Key": key });
    expect(lostAgain.status).toBe(500);
    expect((await faults("DELETE")).status).toBe(204);
    const retried = await postToResend(stack, "emails/batch", batch, { "Idempotency-Key": key });
    expect(retried.status).toBe(200);
    const stored = (await readOutbox(stack, "?bodies=none")).filter(
      (entry) => entry.idempotencyKey === key,
    );
    expect(stored.map((entry) => [entry.to[0], entry.repeats])).toEqual([
      [`a-${run}@example.com`, 2],
      [`b-${run}@example.com`, 2],
    ]);
    expect(await retried.json()).toEqual({
      data: stored.map((entry) => ({ id: String(entry.id) })),
    });
  });

  it("leave the outage switch as it was: an outage still refuses everything", async () => {
    const outage = (method: "PUT" | "DELETE") =>
      fetch(`${stack.url}/__local/resend/outage`, {
        method,
        headers: { apikey: stack.secretKey, "content-type": "application/json" },
        body: method === "PUT" ? JSON.stringify({ status: 503 }) : undefined,
      });
    expect((await outage("PUT")).status).toBe(204);
    try {
      expect((await faults("DELETE")).status).toBe(204);
      const refused = await postToResend(stack, "emails/batch", [mail("x@example.com")]);
      expect(refused.status).toBe(503);
    } finally {
      expect((await outage("DELETE")).status).toBe(204);
    }
    expect((await postToResend(stack, "emails/batch", [mail("x@example.com")])).status).toBe(200);
  });
});
