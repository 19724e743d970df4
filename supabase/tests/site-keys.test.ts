// The site works with either key model, chosen by configuration alone: a project created today
// gives it a publishable key, an older one its legacy anon key. With each, supabase-js reads the
// blog and submits a lead that the notification function mails to the agency, as the site does
// (src/features/leads/api/create-lead.ts): the function runs under Deno and sends through its
// Resend code path, which the stack points at its own endpoint, so the mail lands in the outbox.
// And the browser's preflight for functions.invoke gets the function's own answer, as on hosted
// Supabase.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SupabaseClient } from "@supabase/supabase-js";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import type { TestStack } from "../local/__tests__/helpers.ts";
import { BACKEND, NOTIFY_TO, runMarker, startProjectStack } from "./hardening/support.ts";
import { visitorLead } from "./leads.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startProjectStack();
});

afterAll(async () => {
  await stack?.close();
});

interface Mail {
  function: string | null;
  to: string[];
  subject: string;
  sentBy: string | null;
  replyTo?: string;
}

async function mailsAbout(email: string): Promise<Mail[]> {
  const response = await fetch(`${stack.url}/__local/outbox`, {
    headers: { apikey: stack.secretKey },
  });
  const mails = (await response.json()) as Mail[];
  return mails.filter((mail) => mail.replyTo === email);
}

describe.each([
  ["a publishable key", () => stack.publishableKey],
  ["a legacy anon key", () => stack.anonKey],
])(`the site built with %s (${BACKEND})`, (_label, key) => {
  let site: SupabaseClient;
  beforeAll(() => {
    site = createNodeClient(stack.url, key());
  });

  it("reads the published posts", async () => {
    const { data, error } = await site
      .from("blog_posts")
      .select("slug,language,status")
      .eq("status", "published")
      .lte("published_at", new Date().toISOString());
    expect(error).toBeNull();
    expect(data!.length).toBeGreaterThan(0);
    expect(new Set(data!.map((post) => post.status))).toEqual(new Set(["published"]));
  });

  it("submits a lead that the agency is mailed about once", async () => {
    const lead = visitorLead(`${runMarker("keys")}@example.com`);
    const { error } = await site.from("leads").insert(lead);
    expect(error).toBeNull();
    const { name, email, company, message, source } = lead;
    const notified = await site.functions.invoke("send-lead-notification", {
      body: { name, email, phone: null, company, message, source },
    });
    expect(notified.error).toBeNull();
    expect(notified.data).toEqual({ ok: true });
    // Sent after the answer.
    await expect.poll(async () => (await mailsAbout(email)).length).toBe(1);
    const mails = await mailsAbout(email);
    // Filed under the function whose local Resend key sent it.
    expect(mails[0]).toMatchObject({ function: "send-lead-notification", to: [NOTIFY_TO] });
    expect(mails[0]!.subject).toBe(`New lead: ${name} (${company}) via ${source}`);
    // The function ran in real Deno: its fetch names the runtime.
    expect(mails[0]!.sentBy).toMatch(/^Deno\/\d/);
  });
});

describe(`functions.invoke from a browser (${BACKEND})`, () => {
  it("gets the function's own answer to its preflight", async () => {
    const response = await fetch(`${stack.url}/functions/v1/send-lead-notification`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://www.appgrove.example",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "apikey,authorization,content-type,x-client-info",
      },
    });
    // send-lead-notification answers 204 with its own headers; the stack answers none itself.
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-methods")).toBe("POST, OPTIONS");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    const allowed = (response.headers.get("access-control-allow-headers") ?? "").split(/,\s*/);
    for (const header of ["apikey", "authorization", "content-type", "x-client-info"]) {
      expect(allowed).toContain(header);
    }
  });

  it("is refused by the function without the site's key, and nothing is mailed", async () => {
    const lead = visitorLead(`${runMarker("keyless")}@example.com`);
    expect((await stack.publishable.from("leads").insert(lead)).error).toBeNull();
    const response = await fetch(`${stack.url}/functions/v1/send-lead-notification`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ name: lead.name, email: lead.email, source: lead.source }),
    });
    expect(response.status).toBe(401);
    expect(await mailsAbout(lead.email)).toEqual([]);
  });
});
