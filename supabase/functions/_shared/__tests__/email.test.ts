// sendWithResend against a provider that answers with its rate limit: Resend's limit is per
// team, so a newsletter going out at that rate can meet a single e-mail in the same second.
import { describe, expect, it } from "vitest";
import { sendWithResend, type OutgoingEmail } from "../email.ts";
import { HttpError } from "../http-error.ts";
import type { FunctionContext } from "../types.ts";

const resend = { apiKey: "re_test", apiUrl: "https://api.resend.test/emails" };
const mail: OutgoingEmail = {
  from: "News <news@example.com>",
  to: ["reader@example.com"],
  subject: "Hello",
  html: "<p>Hello</p>",
};

const rateLimited = () =>
  Response.json(
    { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests." },
    { status: 429, headers: { "retry-after": "0" } },
  );

function contextAnswering(...answers: (() => Response)[]) {
  const calls: RequestInit[] = [];
  const ctx = {
    fetch: (_url: string | URL | Request, init?: RequestInit) => {
      calls.push(init ?? {});
      const answer = answers[Math.min(calls.length, answers.length) - 1]!;
      return Promise.resolve(answer());
    },
  } as unknown as FunctionContext;
  return { ctx, calls };
}

describe("sendWithResend", () => {
  it("tries again after a 429 and succeeds once the provider accepts", async () => {
    const { ctx, calls } = contextAnswering(rateLimited, rateLimited, () =>
      Response.json({ id: "1" }),
    );
    await expect(sendWithResend(ctx, resend, mail)).resolves.toBeUndefined();
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map((call) => call.body)).size).toBe(1);
  });

  it("gives up after three 429s with the provider's refusal", async () => {
    const { ctx, calls } = contextAnswering(rateLimited);
    const failure = sendWithResend(ctx, resend, mail);
    await expect(failure).rejects.toBeInstanceOf(HttpError);
    await expect(failure).rejects.toThrow("429 rate_limit_exceeded");
    expect(calls).toHaveLength(3);
  });

  it("does not try again after another refusal", async () => {
    const { ctx, calls } = contextAnswering(() =>
      Response.json({ name: "internal_server_error" }, { status: 500 }),
    );
    await expect(sendWithResend(ctx, resend, mail)).rejects.toThrow("500 internal_server_error");
    expect(calls).toHaveLength(1);
  });
});
