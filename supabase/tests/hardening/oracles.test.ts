// Oracles: what a stranger with the site's public key can learn about other people from the
// functions' answers. send-lead-notification answers every lead with the same bytes (a new
// lead, a repeat, one held for the digest, one that was never stored), and the newsletter's
// confirmation answers before it asks the database or sends anything, so its timing does not
// separate a confirmed address from any other even with a slow mail provider (a stand-in on
// this machine that answers after PROVIDER_DELAY_MS). The two timing distributions are printed.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordFigures } from "../../../scripts/hardening/figures.ts";
import type { TestStack } from "../../local/__tests__/helpers.ts";
import { visitorLead } from "../leads.ts";
import { BACKEND, ms, percentile, runMarker, startProjectStack, suiteFigures } from "./support.ts";

const PROVIDER_DELAY_MS = 120;
const SAMPLES = 20;

let stack: TestStack;
let provider: http.Server;
/** What the slow provider was asked to send: the recipients of each message. */
const delivered: string[][] = [];
const { figures, figure } = suiteFigures("access");

beforeAll(async () => {
  provider = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      setTimeout(() => {
        delivered.push((JSON.parse(body) as { to: string[] }).to);
        response.writeHead(200, { "Content-Type": "application/json" });
        response.end(JSON.stringify({ id: `slow-${delivered.length}` }));
      }, PROVIDER_DELAY_MS);
    });
  });
  await new Promise<void>((resolve) => provider.listen(0, "127.0.0.1", resolve));
  stack = await startProjectStack({ seedFile: null });
  // The functions start on their first call and read the provider from the stack's environment.
  process.env.RESEND_API_KEY = "re_slow_provider";
  process.env.RESEND_API_URL = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/emails`;
});

afterAll(async () => {
  recordFigures("oracles", BACKEND, figures);
  await stack?.close();
  await new Promise((resolve) => provider?.close(resolve));
});

async function callFunction(path: string, body: unknown) {
  const started = performance.now();
  const response = await fetch(`${stack.url}/functions/v1/${path}`, {
    method: "POST",
    headers: { apikey: stack.publishableKey, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const elapsed = performance.now() - started;
  const headers = [...response.headers].filter(([name]) => name !== "date");
  return { answer: JSON.stringify([response.status, headers, text]), elapsed };
}

describe(`send-lead-notification tells nobody which addresses wrote (${BACKEND})`, () => {
  it("answers a new lead, a repeat, a held lead and a lead never stored byte for byte alike", async () => {
    const marker = runMarker("oracle");
    const { error } = await stack.service
      .from("intake_limits")
      .update({ max_count: 1, per: "1 day" })
      .eq("name", "lead_emails_before_digest");
    expect(error).toBeNull();
    const lead = (label: string, email = `${marker}-${label}@example.com`) =>
      visitorLead(email, { name: `Oracle ${label}`, company: marker });
    const cases = {
      new: lead("new"),
      repeat: lead("repeat", `${marker}-new@example.com`),
      held: lead("held"),
      "never stored": lead("never-stored"),
    };
    const answers: Record<string, string> = {};
    for (const [label, row] of Object.entries(cases)) {
      if (label !== "never stored") {
        expect((await stack.anon.from("leads").insert(row)).error).toBeNull();
      }
      const { name, email, company, message, source } = row;
      answers[label] = (
        await callFunction("send-lead-notification", { name, email, company, message, source })
      ).answer;
      // Decided after the answer, before the next lead comes.
      await expect
        .poll(async () => {
          const { data } = await stack.service
            .from("leads")
            .select("notification")
            .eq("company", marker)
            .eq("notification", "pending");
          return data?.length;
        })
        .toBe(0);
    }
    // The answers were the same; what the database decided was not.
    const { data: decided } = await stack.service
      .from("leads")
      .select("name, notification")
      .eq("company", marker)
      .order("name");
    expect(decided).toEqual([
      { name: "Oracle held", notification: "held" },
      { name: "Oracle new", notification: "emailed" },
      { name: "Oracle repeat", notification: "repeat" },
    ]);
    const distinct = new Set(Object.values(answers));
    figure(
      "send-lead-notification: one answer for a new, repeat, held and never-stored lead",
      `${distinct.size} distinct answer${distinct.size === 1 ? "" : "s"}: ${[...distinct].map((answer) => JSON.parse(answer)[0]).join(", ")}`,
      distinct.size === 1,
    );
    expect(distinct.size).toBe(1);
    expect(JSON.parse(answers.new!)[0]).toBe(202);
  });
});

describe(`the newsletter confirmation's timing (${BACKEND})`, () => {
  it(`does not separate a confirmed address from others with a provider at ${PROVIDER_DELAY_MS} ms`, async () => {
    const marker = runMarker("timing");
    const confirmed = `${marker}-confirmed@example.com`;
    expect(
      (await stack.service.rpc("newsletter_subscribe", { email: confirmed })).error,
    ).toBeNull();
    const promoted = await stack.service
      .from("newsletter_subscribers")
      .update({ status: "confirmed", confirmed_at: new Date().toISOString() })
      .eq("email", confirmed);
    expect(promoted.error).toBeNull();
    // Warm-up, not measured: the function's first call starts its process.
    await callFunction("newsletter/confirmation", { email: confirmed });

    const timings = { confirmed: [] as number[], pending: [] as number[] };
    const answers = new Set<string>();
    const pending: string[] = [];
    for (let sample = 0; sample < SAMPLES; sample++) {
      const fresh = `${marker}-${sample}@example.com`;
      expect((await stack.service.rpc("newsletter_subscribe", { email: fresh })).error).toBeNull();
      pending.push(fresh);
      for (const [kind, email] of [
        ["pending", fresh],
        ["confirmed", confirmed],
      ] as const) {
        const { answer, elapsed } = await callFunction("newsletter/confirmation", { email });
        answers.add(answer);
        timings[kind].push(elapsed);
      }
    }
    // The pending addresses were mailed, after their answers.
    await expect
      .poll(() => pending.filter((email) => delivered.some((to) => to.includes(email))).length, {
        timeout: 15_000,
      })
      .toBe(SAMPLES);

    const spread = (samples: number[]) =>
      `min ${ms(Math.min(...samples))}, p50 ${ms(percentile(samples, 50))}, p90 ${ms(percentile(samples, 90))}, max ${ms(Math.max(...samples))}`;
    console.log(
      `newsletter/confirmation with a provider at ${PROVIDER_DELAY_MS} ms (${BACKEND}):\n` +
        `  pending (mailed):   ${timings.pending.map((t) => t.toFixed(1)).join(" ")}\n` +
        `  confirmed (no mail): ${timings.confirmed.map((t) => t.toFixed(1)).join(" ")}`,
    );
    const medianGap = Math.abs(percentile(timings.pending, 50) - percentile(timings.confirmed, 50));
    // Had the answer waited for the provider, every pending answer would take over 120 ms.
    const slowerThanProvider = timings.pending.filter((t) => t >= PROVIDER_DELAY_MS).length;
    figure(
      `newsletter/confirmation timing, provider at ${PROVIDER_DELAY_MS} ms`,
      `pending: ${spread(timings.pending)}; confirmed: ${spread(timings.confirmed)}; medians ${ms(medianGap)} apart; ${answers.size} distinct answer`,
      answers.size === 1 && medianGap < PROVIDER_DELAY_MS / 4 && slowerThanProvider <= 1,
    );
    expect(answers.size).toBe(1);
    expect(medianGap).toBeLessThan(PROVIDER_DELAY_MS / 4);
    expect(slowerThanProvider).toBeLessThanOrEqual(1);
  });
});
