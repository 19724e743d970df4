// Resend's webhook events from the local stand-in: signed as Resend (Svix) signs them, with the
// secret the functions get as RESEND_WEBHOOK_SECRET; automatic for Resend's test addresses, and
// on demand through POST /__local/resend/webhooks, also wrongly signed or unsigned.
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { Webhook } from "svix";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCAL_RESEND_WEBHOOK_SECRET } from "../src/config.ts";
import { functionEnv, resendWebhookSecret } from "../src/function-env.ts";
import { postToResend, readOutbox, startTestStack, type TestStack } from "./helpers.ts";

interface Received {
  body: string;
  headers: Record<string, string>;
  /** What the endpoint answered: 200 for a valid signature, 400 otherwise, as resend-events. */
  status: number;
}

let stack: TestStack;
let endpoint: http.Server;
const received: Received[] = [];

const verify = (event: Received, secret = LOCAL_RESEND_WEBHOOK_SECRET) =>
  new Webhook(secret).verify(event.body, event.headers);

beforeAll(async () => {
  endpoint = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(request.headers).map(([name, value]) => [name, String(value)]),
      );
      let status = 200;
      try {
        verify({ body, headers, status });
      } catch {
        status = 400;
      }
      received.push({ body, headers, status });
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => endpoint.listen(0, "127.0.0.1", resolve));
  const { port } = endpoint.address() as AddressInfo;
  stack = await startTestStack({ resendWebhookUrl: `http://127.0.0.1:${port}/resend-events` });
});

afterAll(async () => {
  await stack?.close();
  await new Promise((resolve) => endpoint?.close(resolve));
});

const mail = (to: string[]) => ({
  from: "Appgrove <newsletter@example.com>",
  to,
  subject: "The news",
  text: "News",
});

const eventsFor = (emailId: string) =>
  received.filter((event) => JSON.parse(event.body).data.email_id === emailId);

function postEvent(body: unknown, apikey = stack.secretKey) {
  return fetch(`${stack.url}/__local/resend/webhooks`, {
    method: "POST",
    headers: { apikey, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

describe("Resend's test addresses", () => {
  it("produce email.bounced and email.complained events, signed as Resend signs them", async () => {
    const response = await postToResend(
      stack,
      "emails/batch",
      [
        mail(["bounced@resend.dev"]),
        mail(["complained+reader-7@resend.dev"]),
        mail(["delivered@resend.dev"]),
        mail(["bounced+label@resend.dev"]),
      ],
      { "x-batch-validation": "permissive" },
    );
    const ids = ((await response.json()) as { data: { id: string }[] }).data.map(({ id }) => id);
    await expect
      .poll(() => [ids[0], ids[1], ids[3]].map((id) => eventsFor(id!).length), {
        timeout: 5_000,
      })
      .toEqual([1, 1, 1]);
    const [bounced] = eventsFor(ids[0]!);
    expect(bounced!.status).toBe(200);
    expect(bounced!.headers).toMatchObject({
      "svix-id": expect.stringMatching(/^msg_/),
      "svix-timestamp": expect.stringMatching(/^\d+$/),
      "svix-signature": expect.stringMatching(/^v1,/),
    });
    expect(() => verify(bounced!)).not.toThrow();
    const sent = (await readOutbox(stack)).find((entry) => String(entry.id) === ids[0]);
    expect(JSON.parse(bounced!.body)).toEqual({
      type: "email.bounced",
      created_at: expect.any(String),
      data: {
        created_at: sent!.sentAt,
        email_id: ids[0],
        from: "Appgrove <newsletter@example.com>",
        to: ["bounced@resend.dev"],
        subject: "The news",
        bounce: { message: expect.any(String), subType: "General", type: "Permanent" },
      },
    });
    const [complained] = eventsFor(ids[1]!);
    expect(JSON.parse(complained!.body)).toMatchObject({
      type: "email.complained",
      data: { email_id: ids[1], to: ["complained+reader-7@resend.dev"] },
    });
    expect(JSON.parse(complained!.body).data).not.toHaveProperty("bounce");
    expect(JSON.parse(eventsFor(ids[3]!)[0]!.body).type).toBe("email.bounced");
    expect(eventsFor(ids[2]!)).toEqual([]);
  });

  it("refuse a tampered body or another secret's signature", () => {
    const [event] = received;
    expect(event).toBeDefined();
    expect(() => verify({ ...event!, body: event!.body.replace("email.", "email.x") })).toThrow();
    expect(() => verify(event!, `whsec_${Buffer.alloc(24, 7).toString("base64")}`)).toThrow();
  });
});

describe("POST /__local/resend/webhooks", () => {
  it("posts one event, signed, unsigned or wrongly signed, and answers the endpoint's status", async () => {
    const sent = await postToResend(stack, "emails", mail(["reader@example.com"]));
    const { id } = (await sent.json()) as { id: string };
    const answers: unknown[] = [];
    for (const signature of ["valid", "invalid", "none"]) {
      const response = await postEvent({
        type: "email.bounced",
        to: "reader@example.com",
        email_id: id,
        ...(signature === "valid" ? {} : { signature }),
      });
      expect(response.status).toBe(200);
      answers.push(await response.json());
    }
    expect(answers).toEqual([{ status: 200 }, { status: 400 }, { status: 400 }]);
    const [valid, invalid, unsigned] = eventsFor(id);
    expect(JSON.parse(valid!.body)).toMatchObject({
      type: "email.bounced",
      data: { email_id: id, to: ["reader@example.com"], subject: "The news" },
    });
    expect(invalid!.headers["svix-signature"]).toMatch(/^v1,/);
    expect(() => verify(invalid!)).toThrow();
    expect(unsigned!.headers).not.toHaveProperty("svix-signature");
    expect(unsigned!.headers).not.toHaveProperty("svix-id");
  });

  it("is for the service role only, and refuses a malformed order", async () => {
    const before = received.length;
    expect(
      (await postEvent({ type: "email.bounced", to: "a@example.com" }, stack.publishableKey))
        .status,
    ).toBe(401);
    for (const body of [
      { type: "bounced", to: "a@example.com" },
      { type: "email.bounced" },
      { type: "email.bounced", to: [] },
      { type: "email.bounced", to: "a@example.com", signature: "forged" },
      { type: "email.bounced", to: "a@example.com", email_id: 7 },
    ]) {
      expect((await postEvent(body)).status).toBe(400);
    }
    expect(received.length).toBe(before);
  });
});

describe("the webhook secret", () => {
  it("is the local one unless the environment or supabase/functions/.env sets one, which wins", () => {
    const functionsDir = fs.mkdtempSync(path.join(os.tmpdir(), "stack-webhook-secret-"));
    const given = () => ({
      stack: resendWebhookSecret(functionsDir),
      functions: functionEnv({
        functionsDir,
        hosted: {},
        localResend: { url: "http://127.0.0.1:1/__local/resend/emails", apiKey: "re_local_x" },
        siteUrl: "http://127.0.0.1:5173",
      }).RESEND_WEBHOOK_SECRET,
    });
    const fromEnvironment = `whsec_${Buffer.alloc(24, 1).toString("base64")}`;
    const fromDotenv = `whsec_${Buffer.alloc(24, 2).toString("base64")}`;
    const saved = process.env.RESEND_WEBHOOK_SECRET;
    try {
      delete process.env.RESEND_WEBHOOK_SECRET;
      expect(given()).toEqual({
        stack: LOCAL_RESEND_WEBHOOK_SECRET,
        functions: LOCAL_RESEND_WEBHOOK_SECRET,
      });
      process.env.RESEND_WEBHOOK_SECRET = fromEnvironment;
      expect(given()).toEqual({ stack: fromEnvironment, functions: fromEnvironment });
      fs.writeFileSync(path.join(functionsDir, ".env"), `RESEND_WEBHOOK_SECRET=${fromDotenv}\n`);
      expect(given()).toEqual({ stack: fromDotenv, functions: fromDotenv });
      fs.writeFileSync(path.join(functionsDir, ".env"), "RESEND_WEBHOOK_SECRET=\n");
      delete process.env.RESEND_WEBHOOK_SECRET;
      expect(given()).toEqual({
        stack: LOCAL_RESEND_WEBHOOK_SECRET,
        functions: LOCAL_RESEND_WEBHOOK_SECRET,
      });
    } finally {
      if (saved === undefined) delete process.env.RESEND_WEBHOOK_SECRET;
      else process.env.RESEND_WEBHOOK_SECRET = saved;
      fs.rmSync(functionsDir, { recursive: true, force: true });
    }
  });

  it("goes by default to the stack's own resend-events function", async () => {
    const saved = process.env.RESEND_WEBHOOK_URL;
    delete process.env.RESEND_WEBHOOK_URL;
    const plain = await startTestStack();
    if (saved !== undefined) process.env.RESEND_WEBHOOK_URL = saved;
    try {
      const response = await fetch(`${plain.url}/__local/resend/webhooks`, {
        method: "POST",
        headers: { apikey: plain.secretKey, "content-type": "application/json" },
        body: JSON.stringify({ type: "email.bounced", to: "a@example.com" }),
      });
      // The fixtures have no resend-events function: the gateway's 404, from /functions/v1.
      expect(await response.json()).toEqual({ status: 404 });
    } finally {
      await plain.close();
    }
  });
});
