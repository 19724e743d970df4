// A newsletter sent through a slow, failing provider and a killed stack: HARDENING_SUBSCRIBERS
// confirmed subscribers (10,000 by default; `npm test` sends fewer), Resend's stand-in limited
// to 2 requests a second and answering some requests 500 (before storing them), 429, or 500
// after storing them (a response the sender never reads). The stack is SIGKILLed mid-send and
// started again on the same database and outbox. Every subscriber must end with exactly one
// e-mail: batches are written down before they are sent, each carries its idempotency key, and
// a batch cut short is sent again with the same key and the same bytes.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { freePort } from "../../../scripts/lib/free-port.ts";
import { client, createThrowawayDatabase } from "../../local/__tests__/helpers.ts";
import { LOCAL_ANON_KEY, LOCAL_SERVICE_ROLE_KEY } from "../../local/src/config.ts";
import { StackProcess } from "./stack-process.ts";
import { BACKEND, runMarker, suiteFigures } from "./support.ts";

const SUBSCRIBERS = Math.max(200, Number(process.env.HARDENING_SUBSCRIBERS || 10_000));
const REQUESTS_PER_SECOND = 2;
const FAULTS = {
  requestsPerSecond: REQUESTS_PER_SECOND,
  serverErrorRate: 0.05,
  rateLimitRate: 0.05,
  lostResponseRate: 0.05,
};
/** Killed once this share of the subscribers has been mailed. */
const KILL_AT_SHARE = 0.4;
const STAFF = { email: "staff@appgrove.test", password: "staff-password-for-fault-tests" };
const SERVICE_HEADERS = {
  apikey: LOCAL_SERVICE_ROLE_KEY,
  Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}`,
};
/** Ten batches a second at best; the faults and the kill's leases (60 s) come on top. */
const MAX_SEND_MS = Math.max(240_000, (SUBSCRIBERS / 100 / REQUESTS_PER_SECOND) * 3_000 + 120_000);

const { figures, figure } = suiteFigures("faults");

let workDir = "";
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | null = null;
let stack: StackProcess;

interface OutboxSummary {
  to: string[];
  function: string | null;
  repeats?: number;
}

async function newsletterOutbox(): Promise<OutboxSummary[]> {
  const res = await fetch(`${stack.url}/__local/outbox?bodies=none&function=send-newsletter`, {
    headers: SERVICE_HEADERS,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as OutboxSummary[];
}

async function setFaults(seed: number): Promise<void> {
  const res = await fetch(`${stack.url}/__local/resend/faults`, {
    method: "PUT",
    headers: { ...SERVICE_HEADERS, "Content-Type": "application/json" },
    body: JSON.stringify({ ...FAULTS, seed }),
  });
  expect(res.status).toBe(204);
}

async function seedSubscribers(service: SupabaseClient, marker: string): Promise<string[]> {
  const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `${marker}-${i}@example.com`);
  for (let start = 0; start < addresses.length; start += 1000) {
    const { error } = await service.from("newsletter_subscribers").insert(
      addresses.slice(start, start + 1000).map((email) => ({
        email,
        language: "fr",
        status: "confirmed",
        confirmed_at: new Date().toISOString(),
      })),
    );
    expect(error).toBeNull();
  }
  return addresses;
}

async function schedulePostSend(service: SupabaseClient, marker: string): Promise<string> {
  const { data: post, error } = await service
    .from("blog_posts")
    .insert({
      title: `Lettre ${marker}`,
      slug: marker,
      excerpt: "Ce que dix mille abonnés reçoivent une seule fois.",
      content: "<p>Une lettre, une fois, pour chacun.</p>",
      author: "Appgrove Team",
      language: "fr",
      status: "published",
      published_at: new Date().toISOString(),
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  const staff = createClient(stack.url, LOCAL_ANON_KEY, { auth: { persistSession: false } });
  const signIn = await staff.auth.signInWithPassword(STAFF);
  expect(signIn.error).toBeNull();
  const scheduled = await staff.rpc("schedule_newsletter_send", {
    post_id: post!.id,
    subject: `Lettre ${marker}`,
    preheader: "Une fois chacun.",
  });
  expect(scheduled.error).toBeNull();
  return scheduled.data as string;
}

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "hardening-newsletter-"));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    ({ databaseUrl, drop: dropDatabase } = await createThrowawayDatabase(
      serverUrl,
      "hardening_newsletter",
    ));
  }
  stack = new StackProcess({
    port: await freePort(),
    workDir,
    databaseUrl,
    env: {
      SEED_ADMIN_EMAIL: STAFF.email,
      SEED_ADMIN_PASSWORD: STAFF.password,
      SUPABASE_LOCAL_NEWSLETTER_MS: "1000",
      SUPABASE_LOCAL_REFRESH_SITE_MS: "0",
      SUPABASE_LOCAL_LEAD_NOTIFICATIONS_MS: "0",
      NEWSLETTER_REQUESTS_PER_SECOND: String(REQUESTS_PER_SECOND),
      NEWSLETTER_RUN_SECONDS: "20",
    },
  });
});

afterAll(async () => {
  recordFigures("newsletter-faults", BACKEND, figures);
  await stack?.stop("SIGKILL");
  await dropDatabase?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});

describe(`A newsletter through provider faults and a SIGKILL (${BACKEND})`, () => {
  it(
    `mails each of ${SUBSCRIBERS} subscribers exactly once`,
    { timeout: MAX_SEND_MS + 300_000 },
    async () => {
      await stack.start();
      const service = client(stack.url, LOCAL_SERVICE_ROLE_KEY);
      const marker = runMarker("letter");
      const addresses = await seedSubscribers(service, marker);
      await setFaults(16);
      const started = performance.now();
      const sendId = await schedulePostSend(service, marker);

      let mailedAtKill = 0;
      while (performance.now() - started < MAX_SEND_MS) {
        mailedAtKill = (await newsletterOutbox()).reduce((sum, mail) => sum + mail.to.length, 0);
        if (mailedAtKill >= SUBSCRIBERS * KILL_AT_SHARE) break;
        await new Promise((r) => setTimeout(r, 250));
      }
      await stack.stop("SIGKILL");
      const restartMs = await stack.start();
      await setFaults(10);

      await expect
        .poll(
          async () =>
            (await service.from("newsletter_sends").select("status").eq("id", sendId).single()).data
              ?.status,
          { timeout: MAX_SEND_MS, interval: 1000 },
        )
        .toBe("sent");
      const seconds = (performance.now() - started) / 1000;

      const outbox = await newsletterOutbox();
      const perAddress = new Map<string, number>();
      for (const mail of outbox)
        for (const to of mail.to) perAddress.set(to, (perAddress.get(to) ?? 0) + 1);
      const once = addresses.filter((address) => perAddress.get(address) === 1).length;
      const missing = addresses.filter((address) => !perAddress.has(address)).length;
      const twice = [...perAddress.values()].filter((count) => count > 1).length;
      const repeatedBatches = outbox.reduce((sum, mail) => sum + (mail.repeats ?? 0), 0);
      const { data: results } = await service
        .from("newsletter_recipients")
        .select("delivery")
        .eq("send_id", sendId)
        .neq("delivery", "sent")
        .limit(10);

      figure(
        `newsletter to ${SUBSCRIBERS} subscribers at ${REQUESTS_PER_SECOND} requests/s with 500s, 429s and lost answers, SIGKILL at ${mailedAtKill} mailed`,
        `${once}/${SUBSCRIBERS} mailed exactly once, ${missing} missing, ${twice} twice; ${repeatedBatches} e-mails asked again after a fault or the kill, answered by their idempotency key; ${seconds.toFixed(0)} s in all, restart ${(restartMs / 1000).toFixed(1)} s`,
        once === SUBSCRIBERS && twice === 0,
      );

      // The seeds lose the answer of an early batch on either side of the kill.
      expect(repeatedBatches).toBeGreaterThan(0);
      expect(mailedAtKill).toBeGreaterThan(0);
      expect(mailedAtKill).toBeLessThan(SUBSCRIBERS);
      expect(missing).toBe(0);
      expect(twice).toBe(0);
      expect(once).toBe(SUBSCRIBERS);
      expect(results).toEqual([]);
    },
  );
});
