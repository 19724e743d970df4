// The staff Overview's figures (supabase/migrations/20261126111900_overview.sql), through
// supabase-js against the local stack, signed in as staff: leads per week, the funnel, the time
// to first reply in business hours, the leads waiting too long, the newsletter per week and the
// posts per month, each against what this file works out on its own from the rows it stores
// (the agency's calendar through Intl, the percentiles by linear interpolation). The access
// matrix covers who may call them; here only that the database refuses before it answers.
//
// Each describe clears what it reads before it stores its own rows: the file has its stack.

import { randomUUID } from "node:crypto";
import type { SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  addDays,
  agencyDay,
  agencyInstant,
  businessHours,
  type Day,
  lastWeeks,
  percentile,
  weekStartOf,
} from "../../scripts/lib/agency-calendar.ts";
import { createNodeClient } from "../../scripts/lib/node-supabase-client.ts";
import { agencyHours, replyPromise } from "../../shared/agency-hours.ts";
import { Constants, type Enums } from "../../shared/database.types.ts";
import { lastDayOfRange, overviewPeriodLimits } from "../../shared/overview-limits.ts";
import { startTestStack, type TestStack } from "../local/__tests__/helpers.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../local/src/config.ts";

const ADMIN_EMAIL = "owner@appgrove.test";
const ADMIN_PASSWORD = "owner-password-for-tests";
const PASSWORD = "member-password-for-tests";

type Source = Enums<"lead_source">;
type Language = Enums<"site_language">;
type LeadStatus = Enums<"lead_status">;
type SubscriberStatus = Enums<"newsletter_status">;

const SOURCES: readonly Source[] = Constants.public.Enums.lead_source;
const LANGUAGES: readonly Language[] = Constants.public.Enums.site_language;

const HOUR = 3_600_000;
const DAY = 86_400_000;
const CLOCK = {
  time_zone: agencyHours.timeZone,
  opens: agencyHours.opens,
  closes: agencyHours.closes,
};

let stack: TestStack;
let service: SupabaseClient;
let admin: SupabaseClient;
let sales: SupabaseClient;
let editor: SupabaseClient;

const uniqueEmail = (label: string) => `${label}-${randomUUID().slice(0, 8)}@example.com`;

async function signedIn(email: string, password: string) {
  const c = createNodeClient(stack.url, stack.publishableKey);
  const { error } = await c.auth.signInWithPassword({ email, password });
  if (error) throw error;
  return c;
}

async function member(role: Enums<"staff_role">) {
  const email = uniqueEmail(role);
  const created = await service.auth.admin.createUser({
    email,
    password: PASSWORD,
    email_confirm: true,
  });
  if (created.error) throw created.error;
  const joined = await service
    .from("staff_members")
    .insert({ user_id: created.data.user.id, role, joined_at: new Date().toISOString() });
  if (joined.error) throw joined.error;
  return signedIn(email, PASSWORD);
}

beforeAll(async () => {
  stack = await startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedAdmin: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD },
  });
  service = createNodeClient(stack.url, stack.serviceRoleKey);
  admin = await signedIn(ADMIN_EMAIL, ADMIN_PASSWORD);
  sales = await member("sales");
  editor = await member("editor");
});

afterAll(async () => {
  await stack?.close();
});

/** Calls an overview function as `as` (an Administrator unless said), failing on an error. */
async function call<T>(name: string, args: Record<string, unknown>, as = admin): Promise<T> {
  const { data, error } = await as.rpc(name, args);
  expect(error, name).toBeNull();
  return data as T;
}

// --------------------------------------------------------------------------------------------
// The agency's calendar: scripts/lib/agency-calendar.ts, worked out with Intl, not the database.
// --------------------------------------------------------------------------------------------

/** The instant of an agency date and time, "2025-03-28 17:00". */
const local = (text: string) => agencyInstant(text.slice(0, 10), text.slice(11));
const iso = (instant: number) => new Date(instant).toISOString();

// --------------------------------------------------------------------------------------------
// Storing leads as the site and the staff do.
// --------------------------------------------------------------------------------------------

interface LeadSeed {
  arrival: number;
  source?: Source;
  language?: Language;
  /** The status staff moved it to at `replyAt` (or now); a second change follows with `then`. */
  reply?: { status: Exclude<LeadStatus, "new">; at?: number; then?: LeadStatus };
  repeatOf?: string;
  name?: string;
}

async function clearLeads() {
  await stack.db.query("delete from public.leads");
}

/** A lead as a visitor sent it (backdated), its status changes as staff made them; its id. */
async function storeLead(seed: LeadSeed): Promise<string> {
  const { data, error } = await service
    .from("leads")
    .insert({
      name: seed.name ?? "Ada Lovelace",
      email: uniqueEmail("lead"),
      company: "Analytical Apps",
      source: seed.source ?? "contact",
      language: seed.language ?? "en",
      created_at: iso(seed.arrival),
    })
    .select("id")
    .single();
  expect(error).toBeNull();
  const id = data!.id as string;
  if (seed.repeatOf) {
    const repeat = await service.from("leads").update({ repeat_of: seed.repeatOf }).eq("id", id);
    expect(repeat.error).toBeNull();
  }
  if (seed.reply) {
    await setStatus(id, seed.reply.status);
    if (seed.reply.at !== undefined) {
      const moved = await service
        .from("lead_status_changes")
        .update({ changed_at: iso(seed.reply.at) })
        .eq("lead_id", id);
      expect(moved.error).toBeNull();
    }
    if (seed.reply.then) await setStatus(id, seed.reply.then);
  }
  return id;
}

async function setStatus(id: string, status: LeadStatus) {
  const { error } = await service.from("leads").update({ status }).eq("id", id);
  expect(error).toBeNull();
}

async function firstReplyOf(id: string): Promise<string | null> {
  const { data, error } = await service
    .from("leads")
    .select("first_reply_at")
    .eq("id", id)
    .single();
  expect(error).toBeNull();
  return data!.first_reply_at as string | null;
}

const sameInstant = (stored: string | null, expected: number | null) =>
  expected === null ? stored === null : stored !== null && Date.parse(stored) === expected;

// --------------------------------------------------------------------------------------------

describe("leads.first_reply_at", () => {
  beforeAll(clearLeads);

  it("is the first change away from New, follows the history and records nothing more", async () => {
    const arrival = local("2025-06-02 10:00");
    const id = await storeLead({ arrival, reply: { status: "contacted", at: arrival + HOUR } });
    expect(sameInstant(await firstReplyOf(id), arrival + HOUR)).toBe(true);

    // Back to New and answered again: the first reply stays the first.
    await setStatus(id, "new");
    await setStatus(id, "qualified");
    expect(sameInstant(await firstReplyOf(id), arrival + HOUR)).toBe(true);

    // The service role corrects the first change's time: first_reply_at follows, either way.
    const { data: history } = await service
      .from("lead_status_changes")
      .select("id, from_status, to_status, changed_at")
      .eq("lead_id", id)
      .order("id");
    expect(history!.map((row) => `${row.from_status}>${row.to_status}`)).toEqual([
      "new>contacted",
      "contacted>new",
      "new>qualified",
    ]);
    const first = history![0]!.id as number;
    const later = await service
      .from("lead_status_changes")
      .update({ changed_at: iso(arrival + 3 * HOUR) })
      .eq("id", first);
    expect(later.error).toBeNull();
    expect(sameInstant(await firstReplyOf(id), arrival + 3 * HOUR)).toBe(true);

    // Past the third change's time, the third (also from New) is the first reply.
    const third = history![2]!;
    await service
      .from("lead_status_changes")
      .update({ changed_at: new Date(Date.parse(third.changed_at as string) + DAY).toISOString() })
      .eq("id", first);
    expect(sameInstant(await firstReplyOf(id), Date.parse(third.changed_at as string))).toBe(true);

    // Without any change from New, there is no first reply.
    const removed = await service
      .from("lead_status_changes")
      .delete()
      .eq("lead_id", id)
      .eq("from_status", "new");
    expect(removed.error).toBeNull();
    expect(await firstReplyOf(id)).toBeNull();

    // None of it recorded another status change or touched what the visitor sent.
    const { count } = await service
      .from("lead_status_changes")
      .select("id", { count: "exact", head: true })
      .eq("lead_id", id);
    expect(count).toBe(1);
    const { data: lead } = await service
      .from("leads")
      .select("status, created_at, name")
      .eq("id", id)
      .single();
    expect(lead).toMatchObject({ status: "qualified", name: "Ada Lovelace" });
    expect(Date.parse(lead!.created_at as string)).toBe(arrival);
  });

  it("a lead staff never moved has none, and a lead deleted with its history goes cleanly", async () => {
    const waiting = await storeLead({ arrival: local("2025-06-03 10:00") });
    expect(await firstReplyOf(waiting)).toBeNull();
    const answered = await storeLead({
      arrival: local("2025-06-03 11:00"),
      reply: { status: "contacted" },
    });
    expect(await firstReplyOf(answered)).not.toBeNull();
    const { error } = await service.from("leads").delete().eq("id", answered);
    expect(error).toBeNull();
    const { count } = await service
      .from("lead_status_changes")
      .select("id", { count: "exact", head: true })
      .eq("lead_id", answered);
    expect(count).toBe(0);
  });
});

// --------------------------------------------------------------------------------------------

describe("leads per week and the funnel", () => {
  const now = Date.now();
  const thisMonday = weekStartOf(now);
  /** Monday of the week `back` weeks before the current one, `hours` later. */
  const inWeek = (back: number, hours: number) =>
    agencyInstant(addDays(thisMonday, -7 * back)) + hours * HOUR;

  interface Stored extends LeadSeed {
    status: LeadStatus;
    repeat: boolean;
  }
  const stored: Stored[] = [];

  beforeAll(async () => {
    await clearLeads();
    const plan: (LeadSeed & { status: LeadStatus; repeatOfPrevious?: boolean })[] = [
      { arrival: inWeek(0, 0.5), source: "contact", language: "en", status: "new" },
      { arrival: inWeek(0, 0.5), source: "homepage", language: "fr", status: "contacted" },
      { arrival: inWeek(1, 2 * 24 + 11), source: "contact", language: "fr", status: "qualified" },
      // The last minute of a week, and the first instant of another.
      { arrival: inWeek(0, 0) - 60_000, source: "services", language: "en", status: "contacted" },
      { arrival: inWeek(2, 0), source: "about", language: "en", status: "new" },
      // A repeat of the one before: no lead of its own.
      {
        arrival: inWeek(2, 3 * 24),
        source: "about",
        language: "en",
        status: "new",
        repeatOfPrevious: true,
      },
      { arrival: inWeek(5, 4 * 24 + 15), source: "services", language: "fr", status: "qualified" },
      { arrival: inWeek(11, 24 + 9), source: "homepage", language: "en", status: "contacted" },
      // Thirteen weeks back: out of the last twelve.
      { arrival: inWeek(12, 6 * 24 + 12), source: "contact", language: "en", status: "new" },
    ];
    let previous = "";
    for (const lead of plan) {
      const reply =
        lead.status === "new" ? undefined : { status: lead.status as Exclude<LeadStatus, "new"> };
      previous = await storeLead({
        ...lead,
        reply,
        repeatOf: lead.repeatOfPrevious ? previous : undefined,
      });
      stored.push({ ...lead, repeat: !!lead.repeatOfPrevious });
    }
  });

  /** Every week × source × language of the last `weeks`, with the stored leads counted. */
  function expectedWeeks(weeks: number) {
    const rows = [];
    for (const monday of lastWeeks(now, weeks)) {
      for (const source of SOURCES) {
        for (const language of LANGUAGES) {
          const leads = stored.filter(
            (lead) =>
              !lead.repeat &&
              weekStartOf(lead.arrival) === monday &&
              lead.source === source &&
              lead.language === language,
          ).length;
          rows.push({ week_start: monday, source, language, leads });
        }
      }
    }
    return rows;
  }

  it("counts every week, source and language of the last 12 weeks, zeros included, repeats left out", async () => {
    const rows = await call<unknown[]>("overview_leads_per_week", {
      time_zone: agencyHours.timeZone,
    });
    expect(rows).toHaveLength(12 * SOURCES.length * LANGUAGES.length);
    expect(rows).toEqual(expectedWeeks(12));
    // What was stored: 7 leads in these weeks (the repeat and the thirteenth week's left out).
    const total = (rows as { leads: number }[]).reduce((sum, row) => sum + row.leads, 0);
    expect(total).toBe(7);
  });

  it("takes the number of weeks", async () => {
    const rows = await call<unknown[]>("overview_leads_per_week", {
      time_zone: agencyHours.timeZone,
      weeks: 3,
    });
    expect(rows).toEqual(expectedWeeks(3));
  });

  it("the funnel: received in the period, then contacted or qualified now, then qualified", async () => {
    for (const [since, until] of [
      [inWeek(1, 0), inWeek(-1, 0)],
      [inWeek(12, 0), inWeek(-1, 0)],
      [inWeek(2, 0), inWeek(0, 0)],
    ] as const) {
      const arrived = stored.filter(
        (lead) => !lead.repeat && lead.arrival >= since && lead.arrival < until,
      );
      const funnel = await call<unknown[]>("overview_lead_funnel", {
        since: iso(since),
        until: iso(until),
      });
      expect(funnel).toEqual([
        {
          received: arrived.length,
          contacted: arrived.filter((lead) => lead.status !== "new").length,
          qualified: arrived.filter((lead) => lead.status === "qualified").length,
        },
      ]);
    }
  });
});

// --------------------------------------------------------------------------------------------

describe("time to first reply, in business hours", () => {
  /**
   * Leads with known arrival and first-reply times, in the agency's time zone, and the business
   * hours each took as a person counts them (9:00 to 18:00, Monday to Friday).
   */
  const cases: {
    label: string;
    arrival: string;
    reply?: string;
    status?: Exclude<LeadStatus, "new">;
    hours?: number;
    repeat?: boolean;
  }[] = [
    // The week of Monday 17 March 2025.
    { label: "a night", arrival: "2025-03-18 20:00", reply: "2025-03-19 08:00", hours: 0 },
    { label: "an evening", arrival: "2025-03-18 17:00", reply: "2025-03-19 10:00", hours: 2 },
    { label: "a weekend", arrival: "2025-03-22 10:00", reply: "2025-03-24 10:30", hours: 1.5 },
    { label: "the same day", arrival: "2025-03-19 09:15", reply: "2025-03-19 13:45", hours: 4.5 },
    {
      label: "straight to Qualified",
      arrival: "2025-03-20 11:00",
      reply: "2025-03-20 14:00",
      status: "qualified",
      hours: 3,
    },
    { label: "not answered", arrival: "2025-03-20 12:00" },
    {
      label: "a repeat",
      arrival: "2025-03-20 12:30",
      reply: "2025-03-21 12:30",
      hours: 9,
      repeat: true,
    },
    // The week of Monday 24 March 2025: summer time from Sunday 30 March, 2:00.
    {
      label: "Friday to Monday over the change",
      arrival: "2025-03-28 17:00",
      reply: "2025-03-31 10:00",
      hours: 2,
    },
    {
      label: "Saturday to Tuesday over the change",
      arrival: "2025-03-29 12:00",
      reply: "2025-04-01 09:30",
      hours: 9.5,
    },
    { label: "three days", arrival: "2025-03-24 09:00", reply: "2025-03-27 09:00", hours: 27 },
    {
      label: "two days and a bit",
      arrival: "2025-03-25 18:30",
      reply: "2025-03-28 12:00",
      hours: 21,
    },
    // The week of 31 March: none. The week of 7 April: before opening.
    { label: "before opening", arrival: "2025-04-07 08:00", reply: "2025-04-07 08:30", hours: 0 },
  ];
  const since = local("2025-03-17 00:00");
  const until = local("2025-04-14 00:00");
  const weeks = ["2025-03-17", "2025-03-24", "2025-03-31", "2025-04-07"];

  beforeAll(async () => {
    await clearLeads();
    let original = "";
    for (const lead of cases) {
      const id = await storeLead({
        arrival: local(lead.arrival),
        reply: lead.reply
          ? { status: lead.status ?? "contacted", at: local(lead.reply) }
          : undefined,
        repeatOf: lead.repeat ? original : undefined,
      });
      original = id;
    }
    // Outside the period, on both sides: the Sunday before, and `until` itself.
    await storeLead({
      arrival: since - 60_000,
      reply: { status: "contacted", at: since + 5 * DAY },
    });
    await storeLead({ arrival: until, reply: { status: "contacted", at: until + DAY } });
  });

  it("the hours written above are business hours (Intl's calendar agrees)", () => {
    for (const lead of cases.filter((one) => one.reply)) {
      expect(businessHours(local(lead.arrival), local(lead.reply!)), lead.label).toBeCloseTo(
        lead.hours!,
        9,
      );
    }
  });

  interface ReplyRow {
    week_start: string | null;
    leads: number;
    replied: number;
    median_hours: number | null;
    p90_hours: number | null;
    mean_hours: number | null;
    within_promise: number;
  }

  function expectedRow(weekStart: string | null, promise: number): ReplyRow {
    const leads = cases.filter(
      (lead) =>
        !lead.repeat && (weekStart === null || weekStartOf(local(lead.arrival)) === weekStart),
    );
    const hours = leads.filter((lead) => lead.reply).map((lead) => lead.hours!);
    return {
      week_start: weekStart,
      leads: leads.length,
      replied: hours.length,
      median_hours: percentile(hours, 0.5),
      p90_hours: percentile(hours, 0.9),
      mean_hours: hours.length ? hours.reduce((sum, one) => sum + one, 0) / hours.length : null,
      within_promise: hours.filter((one) => one <= promise).length,
    };
  }

  function expectRows(rows: ReplyRow[], expected: ReplyRow[]) {
    expect(rows.map((row) => row.week_start)).toEqual(expected.map((row) => row.week_start));
    for (const [index, row] of rows.entries()) {
      const want = expected[index]!;
      expect(
        { ...row, median_hours: 0, p90_hours: 0, mean_hours: 0 },
        String(row.week_start),
      ).toEqual({
        ...want,
        median_hours: 0,
        p90_hours: 0,
        mean_hours: 0,
      });
      for (const figure of ["median_hours", "p90_hours", "mean_hours"] as const) {
        if (want[figure] === null) expect(row[figure], figure).toBeNull();
        else expect(row[figure], `${row.week_start} ${figure}`).toBeCloseTo(want[figure], 9);
      }
    }
  }

  it("per arrival week, the empty one included, then the whole period", async () => {
    const rows = await call<ReplyRow[]>("overview_reply_times", {
      since: iso(since),
      until: iso(until),
      ...CLOCK,
    });
    const expected = [...weeks, null].map((week) => expectedRow(week, replyPromise.withinHours));
    expectRows(rows, expected);
    // As worked out by hand: the whole period's 10 replies.
    expect(rows.at(-1)).toMatchObject({ leads: 11, replied: 10, within_promise: 9 });
    expect(rows.at(-1)!.median_hours).toBeCloseTo(2.5, 9);
    expect(rows.at(-1)!.p90_hours).toBeCloseTo(21.6, 9);
    expect(rows[2]).toEqual({
      week_start: "2025-03-31",
      leads: 0,
      replied: 0,
      median_hours: null,
      p90_hours: null,
      mean_hours: null,
      within_promise: 0,
    });
  });

  it("counts within the promise it is given, over a period of its own", async () => {
    const rows = await call<ReplyRow[]>("overview_reply_times", {
      since: iso(local("2025-03-24 00:00")),
      until: iso(local("2025-03-29 13:00")),
      ...CLOCK,
      promise_hours: replyPromise.averageHours,
    });
    // The Saturday lead at 12:00 is in, the weeks are the two the period touches.
    expect(rows.map((row) => row.week_start)).toEqual(["2025-03-24", null]);
    const inPeriod = cases.filter(
      (lead) =>
        !lead.repeat &&
        local(lead.arrival) >= local("2025-03-24 00:00") &&
        local(lead.arrival) < local("2025-03-29 13:00"),
    );
    expect(rows[1]).toMatchObject({
      leads: inPeriod.length,
      replied: inPeriod.length,
      within_promise: inPeriod.filter((lead) => lead.hours! <= replyPromise.averageHours).length,
    });
  });

  it("follows a reply long after the period to it, and counts one dated after now as made now", async () => {
    // The calendar covers the leads read, not the period: the first reply a year later counts
    // every business hour up to it.
    const arrival = local("2024-06-03 10:00");
    const reply = local("2025-06-02 10:00");
    await storeLead({ arrival, reply: { status: "contacted", at: reply } });
    const late = await call<ReplyRow[]>("overview_reply_times", {
      since: iso(local("2024-06-03 00:00")),
      until: iso(local("2024-06-10 00:00")),
      ...CLOCK,
    });
    expect(late.at(-1)).toMatchObject({ leads: 1, replied: 1 });
    expect(late.at(-1)!.median_hours).toBeCloseTo(businessHours(arrival, reply), 9);

    const future = local("2024-06-11 10:00");
    await storeLead({ arrival: future, reply: { status: "contacted", at: Date.now() + 30 * DAY } });
    const before = Date.now();
    const rows = await call<ReplyRow[]>("overview_reply_times", {
      since: iso(local("2024-06-10 00:00")),
      until: iso(local("2024-06-17 00:00")),
      ...CLOCK,
    });
    const hours = rows.at(-1)!.median_hours!;
    expect(hours).toBeGreaterThanOrEqual(businessHours(future, before) - 1e-9);
    expect(hours).toBeLessThanOrEqual(businessHours(future, Date.now()) + 1e-9);
  });

  it("counts the autumn change where it falls", async () => {
    const arrival = local("2025-10-24 16:00");
    const reply = local("2025-10-27 11:00");
    await storeLead({ arrival, reply: { status: "contacted", at: reply } });
    // Friday 16:00 to 18:00 in summer time, Monday 9:00 to 11:00 in winter time.
    expect(businessHours(arrival, reply)).toBeCloseTo(4, 9);
    const rows = await call<ReplyRow[]>("overview_reply_times", {
      since: iso(local("2025-10-20 00:00")),
      until: iso(local("2025-10-27 00:00")),
      ...CLOCK,
    });
    expect(rows).toEqual([
      expect.objectContaining({ week_start: "2025-10-20", leads: 1, replied: 1, median_hours: 4 }),
      expect.objectContaining({ week_start: null, leads: 1, p90_hours: 4, mean_hours: 4 }),
    ]);
  });
});

// --------------------------------------------------------------------------------------------

describe("waiting too long", () => {
  const now = Date.now();
  interface Waiting {
    id: string;
    created_at: string;
    name: string;
    company: string | null;
    source: Source;
    language: Language;
    waiting_hours: number;
    total: number;
  }
  const leads: { id: string; arrival: number; waits: boolean; name: string }[] = [];

  beforeAll(async () => {
    await clearLeads();
    // Eight days or more: at least five whole working days, so more than 24 business hours
    // whatever the day today; two days or less: at most 18, so never.
    const plan = [
      { name: "Thirty days", arrival: now - 30 * DAY, waits: true },
      { name: "Ten days", arrival: now - 10 * DAY - 3 * HOUR, waits: true },
      { name: "Two days", arrival: now - 2 * DAY, waits: false },
      { name: "A minute", arrival: now - 60_000, waits: false },
      { name: "Twenty days", arrival: now - 20 * DAY, waits: true },
    ];
    for (const lead of plan) {
      leads.push({ ...lead, id: await storeLead({ arrival: lead.arrival, name: lead.name }) });
    }
    // Answered, or a repeat: not waiting, however old.
    const answered = await storeLead({ arrival: now - 40 * DAY, reply: { status: "contacted" } });
    await storeLead({ arrival: now - 39 * DAY, repeatOf: answered });
    // Answered, then set back to New: waiting again, since its arrival.
    const reopened = await storeLead({
      name: "Reopened",
      arrival: now - 15 * DAY,
      reply: { status: "contacted", then: "new" },
    });
    leads.push({ id: reopened, arrival: now - 15 * DAY, waits: true, name: "Reopened" });
  });

  it("lists the leads still New after 24 business hours, oldest first, with how long they waited", async () => {
    const rows = await call<Waiting[]>("overview_waiting_leads", CLOCK);
    const answeredAt = Date.now();
    const expected = leads.filter((lead) => lead.waits).sort((a, b) => a.arrival - b.arrival);
    expect(rows.map((row) => row.name)).toEqual(expected.map((lead) => lead.name));
    for (const [index, row] of rows.entries()) {
      const lead = expected[index]!;
      expect(row).toMatchObject({
        id: lead.id,
        company: "Analytical Apps",
        source: "contact",
        language: "en",
        total: expected.length,
      });
      expect(Date.parse(row.created_at)).toBe(lead.arrival);
      // The database's now and this file's differ by the call's duration.
      const low = businessHours(lead.arrival, now);
      const high = businessHours(lead.arrival, answeredAt);
      expect(row.waiting_hours).toBeGreaterThanOrEqual(low - 1e-9);
      expect(row.waiting_hours).toBeLessThanOrEqual(high + 1e-9);
    }
  });

  it("takes a threshold and a number of rows; the total counts them all", async () => {
    const rows = await call<Waiting[]>("overview_waiting_leads", {
      ...CLOCK,
      threshold_hours: 0,
      max_rows: 2,
    });
    // The two oldest; the total counts every lead still New that has waited any business
    // time at all (the recent ones may not have, on a weekend or at night).
    const oldest = leads.filter((lead) => lead.waits).sort((a, b) => a.arrival - b.arrival);
    expect(rows.map((row) => row.name)).toEqual(oldest.slice(0, 2).map((lead) => lead.name));
    expect(rows[0]!.total).toBeGreaterThanOrEqual(oldest.length);
    expect(rows[0]!.total).toBeLessThanOrEqual(leads.length);

    const none = await call<Waiting[]>("overview_waiting_leads", {
      ...CLOCK,
      threshold_hours: 100_000,
    });
    expect(none).toEqual([]);
  });
});

// --------------------------------------------------------------------------------------------

describe("the newsletter per week", () => {
  const now = Date.now();
  const thisMonday = weekStartOf(now);
  const inWeek = (back: number, hours: number) =>
    agencyInstant(addDays(thisMonday, -7 * back)) + hours * HOUR;

  interface Subscriber {
    status: SubscriberStatus;
    created: number;
    confirmed?: number;
    unsubscribed?: number;
    suppressed?: number;
  }
  const subscribers: Subscriber[] = [
    { status: "confirmed", created: inWeek(6, 10), confirmed: inWeek(6, 11) },
    {
      status: "unsubscribed",
      created: inWeek(6, 10),
      confirmed: inWeek(6, 12),
      unsubscribed: inWeek(2, 30),
    },
    {
      status: "bounced",
      created: inWeek(5, 10),
      confirmed: inWeek(5, 11),
      suppressed: inWeek(1, 9),
    },
    { status: "confirmed", created: inWeek(3, 10), confirmed: inWeek(3, 50) },
    { status: "pending", created: inWeek(2, 10) },
    {
      status: "complained",
      created: inWeek(1, 10),
      confirmed: inWeek(1, 11),
      suppressed: inWeek(0, 1),
    },
    { status: "confirmed", created: inWeek(0, 0), confirmed: inWeek(0, 0.5) },
    // Unsubscribed before ever confirming.
    { status: "unsubscribed", created: inWeek(1, 10), unsubscribed: inWeek(1, 20) },
    // Confirmed long ago, unsubscribed, then signed up again (the unsubscription's date is
    // cleared): not confirmed now, and no date says since when, so never counted.
    { status: "pending", created: inWeek(6, 10), confirmed: inWeek(6, 11) },
    // Bounced before confirming.
    { status: "bounced", created: inWeek(2, 10), suppressed: inWeek(2, 11) },
  ];

  beforeAll(async () => {
    await stack.db.query("delete from public.newsletter_subscribers");
    const { error } = await service.from("newsletter_subscribers").insert(
      subscribers.map((one) => ({
        email: uniqueEmail(one.status),
        status: one.status,
        created_at: iso(one.created),
        confirmed_at: one.confirmed === undefined ? null : iso(one.confirmed),
        unsubscribed_at: one.unsubscribed === undefined ? null : iso(one.unsubscribed),
        suppressed_at: one.suppressed === undefined ? null : iso(one.suppressed),
      })),
    );
    expect(error).toBeNull();
  });

  it("counts each week's events and the confirmed subscribers at its end", async () => {
    const rows = await call<unknown[]>("overview_newsletter_per_week", {
      time_zone: agencyHours.timeZone,
      weeks: 4,
    });
    const within = (instant: number | undefined, monday: Day) =>
      instant !== undefined &&
      instant >= agencyInstant(monday) &&
      instant < agencyInstant(addDays(monday, 7));
    const expected = lastWeeks(now, 4).map((monday) => {
      const end = agencyInstant(addDays(monday, 7));
      return {
        week_start: monday,
        signups: subscribers.filter((one) => within(one.created, monday)).length,
        confirmations: subscribers.filter((one) => within(one.confirmed, monday)).length,
        unsubscribes: subscribers.filter((one) => within(one.unsubscribed, monday)).length,
        bounces: subscribers.filter(
          (one) => one.status === "bounced" && within(one.suppressed, monday),
        ).length,
        complaints: subscribers.filter(
          (one) => one.status === "complained" && within(one.suppressed, monday),
        ).length,
        confirmed_total: subscribers.filter(
          (one) =>
            one.status !== "pending" &&
            one.confirmed !== undefined &&
            one.confirmed < end &&
            !(one.unsubscribed !== undefined && one.unsubscribed < end) &&
            !(one.suppressed !== undefined && one.suppressed < end),
        ).length,
      };
    });
    expect(rows).toEqual(expected);
    // Worked out by hand, oldest week first.
    expect((rows as { confirmed_total: number }[]).map((row) => row.confirmed_total)).toEqual([
      4, 3, 3, 3,
    ]);
  });

  it("the default is 12 weeks, and it ends with today's confirmed subscribers", async () => {
    const rows = await call<{ week_start: string; confirmed_total: number }[]>(
      "overview_newsletter_per_week",
      { time_zone: agencyHours.timeZone },
    );
    expect(rows.map((row) => row.week_start)).toEqual(lastWeeks(now, 12));
    const { count } = await service
      .from("newsletter_subscribers")
      .select("id", { count: "exact", head: true })
      .eq("status", "confirmed");
    expect(rows.at(-1)!.confirmed_total).toBe(count);
  });

  it("suppressed_at: set when the status becomes bounced or complained, kept, cleared when neither", async () => {
    const email = uniqueEmail("suppressed");
    const inserted = await service
      .from("newsletter_subscribers")
      .insert({ email, status: "confirmed", confirmed_at: iso(now) })
      .select("id, suppressed_at")
      .single();
    expect(inserted.data!.suppressed_at).toBeNull();
    const id = inserted.data!.id as string;
    const suppressedAt = async () =>
      (await service.from("newsletter_subscribers").select("suppressed_at").eq("id", id).single())
        .data!.suppressed_at as string | null;

    // As Resend's bounce event records it (record_newsletter_event, for an e-mail it was sent).
    const event = await service
      .from("newsletter_subscribers")
      .update({ status: "bounced" })
      .eq("id", id);
    expect(event.error).toBeNull();
    const bounced = await suppressedAt();
    expect(bounced).not.toBeNull();
    expect(Math.abs(Date.parse(bounced!) - Date.now())).toBeLessThan(60_000);

    const complained = await service
      .from("newsletter_subscribers")
      .update({ status: "complained" })
      .eq("id", id);
    expect(complained.error).toBeNull();
    expect(await suppressedAt()).toBe(bounced);

    await service.from("newsletter_subscribers").update({ status: "pending" }).eq("id", id);
    expect(await suppressedAt()).toBeNull();
    await service.from("newsletter_subscribers").delete().eq("id", id);
  });
});

// --------------------------------------------------------------------------------------------

describe("posts published per month", () => {
  const now = Date.now();
  const [year, month] = agencyDay(now).split("-").map(Number) as [number, number];
  /** The first day of the agency's month `back` months before the current one. */
  const monthStart = (back: number) =>
    new Date(Date.UTC(year, month - 1 - back, 1)).toISOString().slice(0, 10);
  /** The 15th at noon, `back` months before the current one. */
  const monthsBack = (back: number) => agencyInstant(addDays(monthStart(back), 14), "12:00");

  const posts: { language: Language; status: Enums<"post_status">; published: number }[] = [
    { language: "en", status: "published", published: now - 1000 },
    { language: "fr", status: "published", published: monthsBack(1) },
    { language: "fr", status: "published", published: monthsBack(1) + HOUR },
    { language: "en", status: "published", published: monthsBack(2) },
    { language: "fr", status: "published", published: monthsBack(5) },
    { language: "en", status: "published", published: monthsBack(12) },
    // Not counted: a draft, and a post scheduled for later.
    { language: "en", status: "draft", published: now - 2000 },
    { language: "fr", status: "published", published: now + DAY },
  ];

  beforeAll(async () => {
    await stack.db.query("delete from public.blog_posts");
    const { error } = await service.from("blog_posts").insert(
      posts.map((post, index) => ({
        title: `Post ${index}`,
        slug: `overview-post-${index}-${randomUUID().slice(0, 8)}`,
        language: post.language,
        status: post.status,
        published_at: iso(post.published),
      })),
    );
    expect(error).toBeNull();
  });

  function expectedMonths(months: number) {
    const rows = [];
    for (let back = months - 1; back >= 0; back--) {
      for (const language of LANGUAGES) {
        const published = posts.filter(
          (post) =>
            post.status === "published" &&
            post.published <= now &&
            post.language === language &&
            agencyDay(post.published).slice(0, 7) === monthStart(back).slice(0, 7),
        ).length;
        rows.push({ month_start: monthStart(back), language, published });
      }
    }
    return rows;
  }

  it("counts every month and language, zeros included", async () => {
    const three = await call<unknown[]>(
      "overview_posts_per_month",
      { time_zone: agencyHours.timeZone, months: 3 },
      editor,
    );
    expect(three).toEqual(expectedMonths(3));
    const twelve = await call<{ published: number }[]>("overview_posts_per_month", {
      time_zone: agencyHours.timeZone,
    });
    expect(twelve).toEqual(expectedMonths(12));
    expect(twelve.reduce((sum, row) => sum + row.published, 0)).toBe(5);
  });
});

// --------------------------------------------------------------------------------------------

describe("arguments and refusals", () => {
  const period = { since: "2025-01-01T00:00:00Z", until: "2025-02-01T00:00:00Z" };
  const invalid: [string, Record<string, unknown>][] = [
    ["overview_leads_per_week", { time_zone: "Mars/Olympus_Mons" }],
    ["overview_leads_per_week", { time_zone: null }],
    ["overview_leads_per_week", { time_zone: agencyHours.timeZone, weeks: 0 }],
    ["overview_leads_per_week", { time_zone: agencyHours.timeZone, weeks: 105 }],
    ["overview_lead_funnel", { since: period.until, until: period.since }],
    ["overview_lead_funnel", { since: period.since, until: period.since }],
    ["overview_lead_funnel", { since: "-infinity", until: period.until }],
    ["overview_lead_funnel", { since: "2000-01-01T00:00:00Z", until: "2020-01-01T00:00:00Z" }],
    ["overview_reply_times", { ...period, ...CLOCK, time_zone: "Nowhere" }],
    ["overview_reply_times", { ...period, ...CLOCK, opens: "18:00", closes: "09:00" }],
    ["overview_reply_times", { ...period, ...CLOCK, opens: "09:00", closes: "09:00" }],
    ["overview_reply_times", { ...period, ...CLOCK, promise_hours: -1 }],
    ["overview_reply_times", { ...CLOCK, since: period.until, until: period.since }],
    // Older than 1 January 2000 anywhere (midnight at UTC+14), or longer than five years.
    ["overview_lead_funnel", { since: "1999-12-31T09:59:59Z", until: "2000-01-02T00:00:00Z" }],
    [
      "overview_reply_times",
      { ...CLOCK, since: "1026-01-01T00:00:00Z", until: "1036-01-01T00:00:00Z" },
    ],
    [
      "overview_reply_times",
      { ...CLOCK, since: "4713-11-24T00:00:00Z BC", until: "4712-11-24T00:00:00Z BC" },
    ],
    [
      "overview_reply_times",
      { ...CLOCK, since: "2020-01-01T00:00:00Z", until: "2025-01-02T00:00:00.000001Z" },
    ],
    ["overview_lead_funnel", { since: "2000-01-01T00:00:00Z", until: "2100-01-01T00:00:00Z" }],
    ["overview_waiting_leads", { ...CLOCK, time_zone: "" }],
    ["overview_waiting_leads", { ...CLOCK, closes: null }],
    ["overview_waiting_leads", { ...CLOCK, threshold_hours: -0.5 }],
    ["overview_waiting_leads", { ...CLOCK, max_rows: 0 }],
    ["overview_waiting_leads", { ...CLOCK, max_rows: 1001 }],
    ["overview_newsletter_per_week", { time_zone: "Europe/Atlantis" }],
    ["overview_newsletter_per_week", { time_zone: agencyHours.timeZone, weeks: -1 }],
    ["overview_posts_per_month", { time_zone: "Moon/Base" }],
    ["overview_posts_per_month", { time_zone: agencyHours.timeZone, months: 0 }],
    ["overview_posts_per_month", { time_zone: agencyHours.timeZone, months: 37 }],
  ];

  it.each(invalid)("%s refuses %j with 22023", async (name, args) => {
    const { data, error } = await admin.rpc(name, args);
    expect(data).toBeNull();
    expect(error?.code).toBe("22023");
  });

  it("takes every range the Overview's picker allows: from 1 January 2000, five years at most", async () => {
    // overviewPeriodLimits against the database's own limits, in the agency's time zone: the
    // earliest start, leap days and changes of clocks at either end of the longest range.
    for (const from of [
      overviewPeriodLimits.earliestDay,
      "2021-03-29",
      "2024-02-29",
      "2021-10-30",
    ]) {
      const until = agencyInstant(addDays(lastDayOfRange(from), 1));
      const args = { since: iso(agencyInstant(from)), until: iso(until) };
      const funnel = await admin.rpc("overview_lead_funnel", args);
      expect({ from, error: funnel.error }).toEqual({ from, error: null });
      const replies = await admin.rpc("overview_reply_times", { ...args, ...CLOCK });
      expect({ from, error: replies.error }).toEqual({ from, error: null });
      // Every week of the five years, then the whole period.
      expect((replies.data as unknown[]).length).toBeGreaterThan(52 * 5);
    }
    const earliest = new Date(`${overviewPeriodLimits.earliestDay}T00:00:00+14:00`);
    const tooEarly = await admin.rpc("overview_lead_funnel", {
      since: new Date(earliest.getTime() - 1000).toISOString(),
      until: "2000-02-01T00:00:00Z",
    });
    expect([tooEarly.error?.code, tooEarly.error?.message]).toEqual([
      "22023",
      "since must be 2000-01-01 or later.",
    ]);
    const tooLong = await admin.rpc("overview_lead_funnel", {
      since: "2020-01-01T00:00:00Z",
      until: "2025-01-03T00:00:00Z",
    });
    expect([tooLong.error?.code, tooLong.error?.message]).toEqual([
      "22023",
      `A period can be at most ${overviewPeriodLimits.longestYears} years long.`,
    ]);
  });

  it("the database refuses a member whose role does not grant the figures, before the arguments", async () => {
    const refusals: [SupabaseClient, string, Record<string, unknown>][] = [
      [editor, "overview_leads_per_week", { time_zone: "Nowhere" }],
      [editor, "overview_lead_funnel", period],
      [editor, "overview_reply_times", { ...period, ...CLOCK }],
      [editor, "overview_waiting_leads", CLOCK],
      [editor, "overview_newsletter_per_week", { time_zone: agencyHours.timeZone }],
      [sales, "overview_posts_per_month", { time_zone: agencyHours.timeZone }],
    ];
    for (const [as, name, args] of refusals) {
      const { data, error, status } = await as.rpc(name, args);
      expect({ name, code: error?.code, status, data }).toEqual({
        name,
        code: "42501",
        status: 403,
        data: null,
      });
    }
    const anon = createNodeClient(stack.url, stack.publishableKey);
    const visitor = await anon.rpc("overview_lead_funnel", period);
    expect(visitor.error?.code).toBe("42501");
  });
});
