// Faults: the stack is killed (SIGKILL, no chance to clean up) while visitors submit leads and
// the agency's e-mails about them are being sent, and started again on the same PGlite data
// directory or PostgreSQL database. Every lead it had acknowledged must still be there exactly
// once, the database must open cleanly (healthy, migrations and seed not applied again, new
// inserts accepted), and every stored lead must reach the agency in exactly one e-mail: an
// e-mail sent but not recorded before the kill is sent again with the same idempotency key,
// which the Resend stand-in (like Resend) answers without delivering it twice.
//
// The stack runs as its own process (stack-process.ts).
//
// HARDENING_KILLS (default 2) sets how many times the process is killed and restarted.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import { freePort } from "../../../scripts/lib/free-port.ts";
import { client, createThrowawayDatabase } from "../../local/__tests__/helpers.ts";
import {
  DEFAULT_MIGRATIONS_DIR,
  LOCAL_ANON_KEY,
  LOCAL_SERVICE_ROLE_KEY,
} from "../../local/src/config.ts";
import { openDb } from "../../local/src/db.ts";
import { fetchAsNewVisitors, visitorLead } from "../leads.ts";
import { StackProcess } from "./stack-process.ts";
import { BACKEND, mailsPerLead, runMarker, suiteFigures, type OutboxLeadMail } from "./support.ts";

const WRITERS = 8;
/** Kill once this many leads were acknowledged (or after KILL_AFTER_MS, whichever is first). */
const KILL_AT_ACKS = 150;
const KILLS = Math.max(1, Number(process.env.HARDENING_KILLS || 2));
const KILL_AFTER_MS = 8_000;
const MAX_RESTART_MS = 60_000;
const DIGEST_WINDOW_SECONDS = 5;
/** The leases of e-mails cut short by a kill run 30 s; retries and digests follow. */
const MAX_NOTIFY_MS = 120_000;
const MIGRATIONS = fs.readdirSync(DEFAULT_MIGRATIONS_DIR).filter((f) => f.endsWith(".sql")).length;

const { figures, figure } = suiteFigures("faults");

let workDir = "";
let databaseUrl: string | undefined;
let dropDatabase: (() => Promise<void>) | null = null;
let stack: StackProcess;
let url = "";

beforeAll(async () => {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), "hardening-faults-"));
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    ({ databaseUrl, drop: dropDatabase } = await createThrowawayDatabase(
      serverUrl,
      "hardening_faults",
    ));
  }
  stack = new StackProcess({
    port: await freePort(),
    workDir,
    databaseUrl,
    env: {
      SEED_ADMIN_EMAIL: "staff@appgrove.test",
      SEED_ADMIN_PASSWORD: "staff-password-for-fault-tests",
      LEAD_NOTIFICATION_TO: "leads@appgrove.test",
      // Sends in flight at every kill.
      SUPABASE_LOCAL_LEAD_NOTIFICATIONS_MS: "500",
      SUPABASE_LOCAL_NEWSLETTER_MS: "0",
    },
  });
  url = stack.url;
});

afterAll(async () => {
  recordFigures("faults", BACKEND, figures);
  await stack.stop("SIGKILL");
  await dropDatabase?.();
  fs.rmSync(workDir, { recursive: true, force: true });
});

/** The migration bookkeeping, read straight from the database (the stack must be stopped on PGlite). */
async function migrationRows(): Promise<{ version: string; n: number }[]> {
  const db = await openDb(
    databaseUrl ? { databaseUrl } : { dataDir: path.join(workDir, "pglite"), inMemory: false },
  );
  try {
    const r = await db.query<{ version: string; n: number }>(
      `select version, count(*)::int as n from supabase_migrations.schema_migrations group by version order by version`,
    );
    return r.rows;
  } finally {
    await db.close();
  }
}

interface Round {
  acknowledged: string[];
  inFlight: number;
  restartMs: number;
  reapplied: string[];
}

/** Visitors submit continuously; the process is SIGKILLed under them, then started again. */
async function killRound(marker: string, killAtAcks: number): Promise<Round> {
  const acknowledged: string[] = [];
  let inFlight = 0;
  let killing = false;
  let seq = 0;
  const writers = Array.from({ length: WRITERS }, async () => {
    const anon = client(url, LOCAL_ANON_KEY, { fetch: fetchAsNewVisitors });
    while (!killing) {
      const email = `${marker}-${seq++}@example.com`;
      try {
        const lead = visitorLead(email, { company: marker });
        const { error, status } = await anon.from("leads").insert(lead);
        if (!error && status === 201) {
          acknowledged.push(email);
          // As the site does: the fast path, not waited for.
          void anon.functions
            .invoke("send-lead-notification", {
              body: { name: lead.name, email, company: marker, source: lead.source },
            })
            .catch(() => undefined);
        } else inFlight++;
      } catch {
        inFlight++;
      }
    }
  });
  const started = performance.now();
  while (acknowledged.length < killAtAcks && performance.now() - started < KILL_AFTER_MS) {
    await new Promise((r) => setTimeout(r, 5));
  }
  // SIGKILL with requests in flight. A 201 read after the signal was still sent by the process
  // before it died, so it counts as acknowledged too.
  killing = true;
  await stack.stop("SIGKILL");
  await Promise.all(writers);

  const restartMs = await stack.start();
  const reapplied = stack.logs.filter(
    (l) => l.includes("applied migration") || l.includes("loaded seed"),
  );
  return { acknowledged, inFlight, restartMs, reapplied };
}

/**
 * Waits until every lead of the run is notified (the schedule retries what the kills cut
 * short, once the leases have run out), then counts the e-mails each lead address is in.
 */
async function waitForEveryLeadMailed(
  service: SupabaseClient,
  marker: string,
  leads: number,
): Promise<{ mailsPerLead: Map<string, number>; repeatedSends: number }> {
  await expect
    .poll(
      async () =>
        (
          await service
            .from("leads")
            .select("id", { count: "exact", head: true })
            .like("company", `${marker}%`)
            .not("notified_at", "is", null)
        ).count,
      { timeout: MAX_NOTIFY_MS, interval: 1000 },
    )
    .toBe(leads);
  const res = await fetch(`${url}/__local/outbox`, {
    headers: { apikey: LOCAL_SERVICE_ROLE_KEY, Authorization: `Bearer ${LOCAL_SERVICE_ROLE_KEY}` },
  });
  const outbox = (await res.json()) as (OutboxLeadMail & { repeats?: number })[];
  const repeatedSends = outbox.reduce((sum, mail) => sum + (mail.repeats ?? 0), 0);
  return { mailsPerLead: mailsPerLead(outbox, marker), repeatedSends };
}

describe(`SIGKILL mid-run and restart (${BACKEND})`, () => {
  it(
    "keeps every acknowledged lead exactly once and opens cleanly",
    { timeout: 360_000 },
    async () => {
      const firstStartMs = await stack.start();
      expect(stack.logs.filter((l) => l.includes("applied migration"))).toHaveLength(MIGRATIONS);
      expect(stack.logs.some((l) => l.includes("loaded seed"))).toBe(true);

      const service: SupabaseClient = client(url, LOCAL_SERVICE_ROLE_KEY);
      // Digest windows short enough for the run; kept in the database across the kills.
      const tuned = await service
        .from("intake_limits")
        .update({ per: `${DIGEST_WINDOW_SECONDS} seconds` })
        .eq("name", "lead_emails_before_digest");
      expect(tuned.error).toBeNull();
      const postsBefore = await service
        .from("blog_posts")
        .select("id", { count: "exact", head: true });
      expect(postsBefore.error).toBeNull();

      // Kills at different moments: deep into a burst, then just after one started.
      const marker = runMarker("fault");
      const rounds: Round[] = [];
      for (let i = 0; i < KILLS; i++)
        rounds.push(
          await killRound(`${marker}-${i}`, i % 2 ? Math.ceil(KILL_AT_ACKS / 5) : KILL_AT_ACKS),
        );
      const acked = rounds.flatMap((r) => r.acknowledged);
      const ackedSet = new Set(acked);
      const reapplied = rounds.flatMap((r) => r.reapplied);
      const restartMs = Math.max(...rounds.map((r) => r.restartMs));

      const { data: rows, error } = await service
        .from("leads")
        .select("email")
        .like("company", `${marker}-%`)
        .range(0, 9999);
      expect(error).toBeNull();
      const counts = new Map<string, number>();
      for (const r of rows!) counts.set(r.email, (counts.get(r.email) ?? 0) + 1);
      const present = acked.filter((e) => counts.get(e) === 1).length;
      const lost = acked.filter((e) => !counts.has(e));
      const duplicated = [...counts.values()].filter((n) => n > 1).length;
      const inFlightStored = [...counts.keys()].filter((e) => !ackedSet.has(e)).length;

      const health = await fetch(`${url}/__local/health`);
      const postsAfter = await service
        .from("blog_posts")
        .select("id", { count: "exact", head: true });
      const anon = client(url, LOCAL_ANON_KEY);
      const fresh = `${marker}-after-restart@example.com`;
      const insert = await anon.from("leads").insert(visitorLead(fresh, { company: marker }));
      const readBack = await service.from("leads").select("email").eq("email", fresh);

      const stored = [...counts.keys(), fresh];
      const { mailsPerLead, repeatedSends } = await waitForEveryLeadMailed(
        service,
        marker,
        stored.length,
      );
      const mailedOnce = stored.filter((email) => mailsPerLead.get(email) === 1).length;
      const mailedTwice = [...mailsPerLead.values()].filter((n) => n > 1).length;

      await stack.stop("SIGTERM");
      const migrations = await migrationRows();

      figure(
        `acknowledged before SIGKILL (${KILLS} kill${KILLS > 1 ? "s" : ""})`,
        `${acked.length} leads from ${WRITERS} clients (${rounds.map((r) => r.acknowledged.length).join(" + ")}), ${rounds.reduce((n, r) => n + r.inFlight, 0)} in flight at the kills`,
        rounds.every((r) => r.acknowledged.length > 0),
      );
      figure(
        "present after restart, exactly once",
        `${present}/${acked.length} (${inFlightStored} unacknowledged in-flight leads also stored, ${duplicated} duplicated)`,
        present === acked.length && duplicated === 0,
      );
      figure("acknowledged leads lost", String(lost.length), lost.length === 0);
      figure(
        "agency e-mails across the kills",
        `${mailedOnce}/${stored.length} stored leads in exactly one e-mail, ${stored.length - mailsPerLead.size} never e-mailed, ${mailedTwice} e-mailed twice; ${repeatedSends} sends repeated after a kill, answered by their idempotency key`,
        mailedOnce === stored.length && mailedTwice === 0,
      );
      figure(
        "restart time (open, recover, serve)",
        `${rounds.map((r) => `${(r.restartMs / 1000).toFixed(1)} s`).join(", ")} (first start ${(firstStartMs / 1000).toFixed(1)} s)`,
        restartMs <= MAX_RESTART_MS,
      );
      const clean =
        health.status === 200 &&
        reapplied.length === 0 &&
        migrations.length === MIGRATIONS &&
        migrations.every((m) => m.n === 1) &&
        postsAfter.count === postsBefore.count &&
        insert.status === 201 &&
        readBack.data?.length === 1;
      figure(
        "opens cleanly after the kills",
        `health ${health.status}, ${migrations.length}/${MIGRATIONS} migrations recorded once, ${reapplied.length} re-applied, seed posts ${postsAfter.count}/${postsBefore.count}, new insert ${insert.status}`,
        clean,
      );

      expect(rounds.every((r) => r.acknowledged.length > 0)).toBe(true);
      expect(lost).toEqual([]);
      expect(duplicated).toBe(0);
      expect(present).toBe(acked.length);
      expect(restartMs).toBeLessThanOrEqual(MAX_RESTART_MS);
      expect(health.status).toBe(200);
      expect(reapplied).toEqual([]);
      expect(migrations).toHaveLength(MIGRATIONS);
      expect(migrations.every((m) => m.n === 1)).toBe(true);
      expect(postsAfter.error).toBeNull();
      expect(postsAfter.count).toBe(postsBefore.count);
      expect(insert.error).toBeNull();
      expect(insert.status).toBe(201);
      expect(readBack.data).toEqual([{ email: fresh }]);
      expect(mailedTwice).toBe(0);
      expect(mailedOnce).toBe(stored.length);
    },
  );
});
