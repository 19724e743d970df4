// POST /__local/resend/emails/batch: Resend's batch endpoint as the newsletter sender uses it
// (1 to 100 e-mails, strict or permissive validation, one Idempotency-Key for the whole batch,
// kept across a restart), and GET /__local/outbox's filters.
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postToResend, readOutbox, startTestStack, type TestStack } from "./helpers.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack();
});

afterAll(async () => {
  await stack?.close();
});

const mail = (to: string, subject = "The news") => ({
  from: "Appgrove <newsletter@example.com>",
  to: [to],
  subject,
  html: `<p>${subject}</p>`,
  text: subject,
  headers: { "List-Unsubscribe": "<https://example.com/unsubscribe?token=t>" },
});
const marker = () => crypto.randomUUID().slice(0, 8);

describe("the batch endpoint", () => {
  it("files every e-mail of a batch and answers their ids in order", async () => {
    const run = marker();
    const batch = [mail(`a-${run}@example.com`), mail(`b-${run}@example.com`)];
    const response = await postToResend(stack, "emails/batch", batch);
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: { id: string }[] };
    expect(answer).toEqual({ data: [{ id: expect.any(String) }, { id: expect.any(String) }] });
    const filed = (await readOutbox(stack)).filter((entry) => entry.to[0]!.includes(run));
    expect(filed.map((entry) => String(entry.id))).toEqual(answer.data.map(({ id }) => id));
    expect(filed[1]).toMatchObject({
      function: "echo",
      to: [`b-${run}@example.com`],
      html: "<p>The news</p>",
      headers: { "List-Unsubscribe": "<https://example.com/unsubscribe?token=t>" },
    });
  });

  it("refuses the whole batch in strict mode (the default) when one e-mail is invalid", async () => {
    const run = marker();
    const batch = [mail(`a-${run}@example.com`), { ...mail(`b-${run}@example.com`), to: [] }];
    for (const headers of [{}, { "x-batch-validation": "strict" }] as Record<string, string>[]) {
      const response = await postToResend(stack, "emails/batch", batch, headers);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ statusCode: 422, name: "validation_error" });
    }
    expect((await readOutbox(stack)).filter((entry) => entry.to[0]?.includes(run))).toEqual([]);
  });

  it("sends the valid e-mails in permissive mode and lists the others by index", async () => {
    const run = marker();
    const batch = [
      { ...mail(`a-${run}@example.com`), subject: undefined },
      mail(`b-${run}@example.com`),
      { ...mail(`c-${run}@example.com`), html: undefined, text: undefined },
      mail(`d-${run}@example.com`),
    ];
    const response = await postToResend(stack, "emails/batch", batch, {
      "x-batch-validation": "permissive",
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: { id: string }[]; errors: unknown[] };
    expect(answer.errors).toEqual([
      { index: 0, message: "Missing `subject` field." },
      { index: 2, message: "Missing `html` or `text` field." },
    ]);
    const filed = (await readOutbox(stack)).filter((entry) => entry.to[0]!.includes(run));
    expect(filed.map((entry) => entry.to[0])).toEqual([
      `b-${run}@example.com`,
      `d-${run}@example.com`,
    ]);
    expect(answer.data).toEqual(filed.map((entry) => ({ id: String(entry.id) })));
  });

  it("holds one to 100 e-mails", async () => {
    const run = marker();
    const full = Array.from({ length: 100 }, (_, index) => mail(`${index}-${run}@example.com`));
    expect((await postToResend(stack, "emails/batch", full)).status).toBe(200);
    for (const batch of [[...full, mail(`over-${run}@example.com`)], []]) {
      const response = await postToResend(stack, "emails/batch", batch, {
        "x-batch-validation": "permissive",
      });
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ name: "validation_error" });
    }
    const object = await postToResend(stack, "emails/batch", mail(`object-${run}@example.com`));
    expect(object.status).toBe(422);
    expect((await readOutbox(stack)).filter((entry) => entry.to[0]!.includes(run))).toHaveLength(
      100,
    );
  });

  it("answers a repeated Idempotency-Key with the same ids, and another payload with 409", async () => {
    const run = marker();
    const key = `newsletter-batch/${run}`;
    const batch = [mail(`a-${run}@example.com`), mail(`b-${run}@example.com`)];
    const headers = { "Idempotency-Key": key, "x-batch-validation": "permissive" };
    const first = await postToResend(stack, "emails/batch", batch, headers);
    const firstAnswer = await first.json();
    const again = await postToResend(stack, "emails/batch", batch, headers);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual(firstAnswer);
    const other = await postToResend(stack, "emails/batch", [batch[0]], headers);
    expect(other.status).toBe(409);
    expect(await other.json()).toMatchObject({ name: "invalid_idempotent_request" });
    // The same key on the single endpoint is another request too.
    const single = await postToResend(stack, "emails", batch[0], { "Idempotency-Key": key });
    expect(single.status).toBe(409);
    const filed = (await readOutbox(stack)).filter((entry) => entry.idempotencyKey === key);
    expect(filed).toEqual([
      expect.objectContaining({ to: [`a-${run}@example.com`], repeats: 1 }),
      expect.objectContaining({ to: [`b-${run}@example.com`], repeats: 1 }),
    ]);
  });
});

describe("the outbox's query", () => {
  it("leaves the bodies out and filters by function, address and id", async () => {
    const run = marker();
    await postToResend(stack, "emails", mail(`echo-${run}@example.com`));
    await postToResend(stack, "emails", mail(`open-${run}@example.com`), {}, "open");
    const everything = await readOutbox(stack);
    expect(everything.at(-1)).toHaveProperty("html");
    const light = await readOutbox(stack, "?bodies=none");
    expect(light).toHaveLength(everything.length);
    expect(light.at(-1)).not.toHaveProperty("html");
    expect(light.at(-1)).not.toHaveProperty("text");
    expect(light.at(-1)).toMatchObject({ function: "open", subject: "The news" });
    const opened = await readOutbox(stack, `?function=open&to=OPEN-${run}@example.com`);
    expect(opened.map((entry) => entry.to[0])).toEqual([`open-${run}@example.com`]);
    expect(await readOutbox(stack, `?after=${everything.at(-2)!.id}`)).toEqual([everything.at(-1)]);
    for (const query of ["?bodies=some", "?after=x", "?colour=red", "?function=a&function=b"]) {
      const response = await fetch(`${stack.url}/__local/outbox${query}`, {
        headers: { apikey: stack.secretKey },
      });
      expect(response.status).toBe(400);
    }
  });
});

describe("an on-disk outbox", () => {
  it("answers a batch's Idempotency-Key after a restart without delivering it again", async () => {
    const directory = fs.mkdtempSync(path.join(os.tmpdir(), "stack-outbox-"));
    const dataDir = path.join(directory, "pglite");
    const key = `newsletter-batch/${marker()}`;
    const batch = [mail("a@example.com"), mail("b@example.com")];
    const send = (onDisk: TestStack) =>
      postToResend(onDisk, "emails/batch", batch, { "Idempotency-Key": key });
    try {
      const first = await startTestStack({ inMemory: false, dataDir });
      let firstAnswer: unknown;
      try {
        firstAnswer = await (await send(first)).json();
      } finally {
        await first.close();
      }
      const second = await startTestStack({ inMemory: false, dataDir });
      try {
        const again = await send(second);
        expect(again.status).toBe(200);
        expect(await again.json()).toEqual(firstAnswer);
        expect(await readOutbox(second, "?bodies=none")).toEqual([
          expect.objectContaining({ to: ["a@example.com"], idempotencyKey: key, repeats: 1 }),
          expect.objectContaining({ to: ["b@example.com"], idempotencyKey: key, repeats: 1 }),
        ]);
      } finally {
        await second.close();
      }
      expect(fs.existsSync(path.join(directory, "outbox.jsonl"))).toBe(true);
    } finally {
      fs.rmSync(directory, { recursive: true, force: true });
    }
  });
});
