// The Overview's figures as the browser tests expect them, computed here from the stored leads
// and their status history with the agency's calendar read through Intl
// (scripts/lib/agency-calendar.ts): an independent second computation of what the database's
// overview functions answer (docs/ARCHITECTURE.md, decision 20).
import { Constants, type Database } from "../../shared/database.types";
import { replyPromise } from "../../shared/agency-hours";
import {
  addDays,
  agencyInstant,
  businessHours,
  type Day,
  lastWeeks,
  percentile,
  weekStartOf,
} from "../../scripts/lib/agency-calendar";
import { serviceClient } from "./stack";

// What the browser tests read of the agency's calendar, from the module that works it out.
export {
  addDays,
  agencyDay,
  agencyInstant,
  businessHours,
  type Day,
} from "../../scripts/lib/agency-calendar";

type LeadRow = Database["public"]["Tables"]["leads"]["Row"];
type LeadSource = Database["public"]["Enums"]["lead_source"];

export const leadSources = Constants.public.Enums.lead_source;

/** The sources as the staff workspace names them (the Leads-per-week table's columns). */
export const sourceLabels: Record<LeadSource, string> = {
  homepage: "Homepage",
  services: "Services",
  about: "About",
  contact: "Contact",
};

const hourMs = 3_600_000;

/** The 12 weeks the Overview's weekly charts show, as their Mondays, oldest first. */
export function lastTwelveWeeks(now: number): Day[] {
  return lastWeeks(now, 12);
}

/**
 * The texts an hours figure may show with one decimal ("3.5 h"): both roundings when the value
 * lies a hair from the middle, where the database's float and this one may round apart.
 */
export function hoursTexts(hours: number): string[] {
  return [...new Set([hours - 1e-9, hours + 1e-9].map((value) => `${value.toFixed(1)} h`))];
}

// ------------------------------------------------------------------------------------------
// The stored leads.
// ------------------------------------------------------------------------------------------

export type OverviewLead = Pick<
  LeadRow,
  "id" | "name" | "company" | "source" | "language" | "status" | "created_at" | "repeat_of"
> & {
  /** Its first status change away from New, from the status history; null while unanswered. */
  firstReplyAt: string | null;
};

const leadColumns = "id, name, company, source, language, status, created_at, repeat_of";
const pageSize = 1000;

/** Every row a read answers, a page (the stack's max_rows) at a time. */
async function readAll<Row>(
  page: (from: number, to: number) => PromiseLike<{ data: Row[] | null; error: unknown }>,
): Promise<Row[]> {
  const rows: Row[] = [];
  for (let from = 0; ; from += pageSize) {
    const { data, error } = await page(from, from + pageSize - 1);
    if (error) throw error;
    rows.push(...data!);
    if (data!.length < pageSize) return rows;
  }
}

/** Every lead that arrived since `since` (repeats too), with its first reply. */
export async function leadsSince(since: number): Promise<OverviewLead[]> {
  const sinceText = new Date(since).toISOString();
  const leads = await readAll((from, to) =>
    serviceClient()
      .from("leads")
      .select(leadColumns)
      .gte("created_at", sinceText)
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  // A reply follows its lead's arrival: the changes since the same instant hold every first one.
  const changes = await readAll((from, to) =>
    serviceClient()
      .from("lead_status_changes")
      .select("lead_id, changed_at")
      .eq("from_status", "new")
      .gte("changed_at", sinceText)
      .order("id")
      .range(from, to),
  );
  const firstReplies = new Map<string, string>();
  for (const { lead_id, changed_at } of changes) {
    const known = firstReplies.get(lead_id);
    if (!known || Date.parse(changed_at) < Date.parse(known)) firstReplies.set(lead_id, changed_at);
  }
  return leads.map((lead) => ({ ...lead, firstReplyAt: firstReplies.get(lead.id) ?? null }));
}

/** Leads as the Overview counts them: a repeat submission is no lead. */
function counted(leads: readonly OverviewLead[], since: number, until: number) {
  return leads.filter((lead) => {
    const arrival = Date.parse(lead.created_at);
    return lead.repeat_of === null && arrival >= since && arrival < until;
  });
}

/** Leads per source in each of these weeks (Mondays). */
export function leadsPerWeek(
  leads: readonly OverviewLead[],
  weeks: readonly Day[],
): Map<Day, Record<LeadSource, number>> {
  const perWeek = new Map(
    weeks.map((week) => [
      week,
      Object.fromEntries(leadSources.map((source) => [source, 0])) as Record<LeadSource, number>,
    ]),
  );
  for (const lead of counted(leads, -Infinity, Infinity)) {
    const week = perWeek.get(weekStartOf(Date.parse(lead.created_at)));
    if (week) week[lead.source as LeadSource] += 1;
  }
  return perWeek;
}

/** The funnel of the leads that arrived in [since, until): their status now. */
export function funnel(leads: readonly OverviewLead[], since: number, until: number) {
  const arrived = counted(leads, since, until);
  return {
    received: arrived.length,
    contacted: arrived.filter(({ status }) => status === "contacted" || status === "qualified")
      .length,
    qualified: arrived.filter(({ status }) => status === "qualified").length,
  };
}

export interface ReplyFigures {
  leads: number;
  replied: number;
  median: number | null;
  p90: number | null;
  withinPromise: number;
}

/** Time to first reply, in business hours, of the leads that arrived in [since, until). */
export function replyFigures(
  leads: readonly OverviewLead[],
  since: number,
  until: number,
): ReplyFigures {
  const arrived = counted(leads, since, until);
  const hours = arrived
    .filter((lead) => lead.firstReplyAt !== null)
    .map((lead) => businessHours(Date.parse(lead.created_at), Date.parse(lead.firstReplyAt!)));
  return {
    leads: arrived.length,
    replied: hours.length,
    median: percentile(hours, 0.5),
    p90: percentile(hours, 0.9),
    withinPromise: hours.filter((value) => value <= replyPromise.withinHours).length,
  };
}

/** The reply figures of the leads that arrived in the agency's week starting on `week`. */
export function weekReplyFigures(leads: readonly OverviewLead[], week: Day): ReplyFigures {
  return replyFigures(leads, agencyInstant(week), agencyInstant(addDays(week, 7)));
}

/** Leads still New, not repeats, past the promised reply time in business hours; oldest first. */
export async function waitingLeads(now: number) {
  // 24 business hours take at least a calendar day: older leads are the only candidates.
  const candidates = await readAll((from, to) =>
    serviceClient()
      .from("leads")
      .select(leadColumns)
      .eq("status", "new")
      .is("repeat_of", null)
      .lt("created_at", new Date(now - replyPromise.withinHours * hourMs).toISOString())
      .order("created_at")
      .order("id")
      .range(from, to),
  );
  return candidates.filter(
    (lead) => businessHours(Date.parse(lead.created_at), now) > replyPromise.withinHours,
  );
}

// ------------------------------------------------------------------------------------------
// Seeding.
// ------------------------------------------------------------------------------------------

const weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"] as const;

/** A lead to seed: when it arrives and when (if ever) staff first answered it. */
interface PlannedLead {
  /** Weeks before the current one: 1 is last week. */
  week: number;
  weekday: (typeof weekdays)[number];
  /** The agency's clock time of its arrival. */
  time: string;
  /** The first reply: that many days after the arrival's day, at the agency's clock time. */
  reply?: { days: number; time: string; status: "contacted" | "qualified" };
  /** Qualified after a first reply as Contacted. */
  qualifiedLater?: boolean;
  /** A repeat submission of the first lead seeded for the same week. */
  repeat?: boolean;
}

/** Weeks 5 to 11: mostly quick replies, across nights, weekends and a Friday evening. */
function usualWeek(week: number): PlannedLead[] {
  const plan: PlannedLead[] = [
    { week, weekday: "Mon", time: "10:00", reply: { days: 0, time: "11:30", status: "contacted" } },
    { week, weekday: "Tue", time: "17:00", reply: { days: 1, time: "10:00", status: "qualified" } },
    {
      week,
      weekday: "Tue",
      time: "20:00",
      reply: { days: 1, time: "08:00", status: "contacted" },
      qualifiedLater: true,
    },
    { week, weekday: "Sat", time: "10:00", reply: { days: 2, time: "10:30", status: "contacted" } },
    { week, weekday: "Fri", time: "19:30", reply: { days: 3, time: "09:45", status: "contacted" } },
    {
      week,
      weekday: "Sun",
      time: "03:00",
      reply: { days: 1, time: `${9 + (week % 5)}:30`, status: "contacted" },
    },
    {
      week,
      weekday: "Wed",
      time: "09:00",
      reply: { days: 1, time: `${9 + (week % 4)}:00`, status: "qualified" },
    },
  ];
  if (week % 3 === 0) plan.push({ week, weekday: "Thu", time: "14:00" });
  // Past the 24 h promise: 7 + 9 + 9 + 6 = 31 business hours.
  if (week % 4 === 0) {
    plan.push({
      week,
      weekday: "Mon",
      time: "11:00",
      reply: { days: 3, time: "15:00", status: "contacted" },
    });
  }
  if (week === 5) plan.push({ week, weekday: "Mon", time: "10:05", repeat: true });
  if (week === 7) {
    plan.push({
      week,
      weekday: "Mon",
      time: "10:10",
      repeat: true,
      reply: { days: 0, time: "10:20", status: "contacted" },
    });
  }
  if (week === 10) {
    plan.push({
      week,
      weekday: "Sun",
      time: "23:30",
      reply: { days: 2, time: "18:30", status: "contacted" },
    });
  }
  return plan;
}

/** Weeks 1 to 4 (the promise's 30 days): slow replies, so the median breaks the promise. */
function slowWeek(week: number): PlannedLead[] {
  const plan: PlannedLead[] = [
    { week, weekday: "Mon", time: "09:00", reply: { days: 1, time: "12:00", status: "contacted" } },
    { week, weekday: "Wed", time: "14:00", reply: { days: 2, time: "10:00", status: "qualified" } },
    { week, weekday: "Thu", time: "16:00", reply: { days: 4, time: "11:00", status: "contacted" } },
    { week, weekday: "Sat", time: "12:00", reply: { days: 3, time: "15:00", status: "contacted" } },
    {
      week,
      weekday: "Tue",
      time: "22:00",
      reply: { days: 1, time: "17:00", status: "contacted" },
      qualifiedLater: true,
    },
    { week, weekday: "Fri", time: "18:30", reply: { days: 3, time: "14:00", status: "contacted" } },
    { week, weekday: "Sun", time: "21:00", reply: { days: 1, time: "16:15", status: "contacted" } },
    { week, weekday: "Thu", time: "11:00", reply: { days: 1, time: "09:30", status: "qualified" } },
    { week, weekday: "Tue", time: "10:00", reply: { days: 0, time: "10:45", status: "contacted" } },
    // Past the 24 h promise: 8 + 9 + 9 + 3 = 29 business hours.
    { week, weekday: "Fri", time: "10:00", reply: { days: 5, time: "12:00", status: "contacted" } },
  ];
  if (week === 2) plan.push({ week, weekday: "Mon", time: "12:00" });
  return plan;
}

export interface SeededLead {
  id: string;
  name: string;
}

/**
 * Seeds leads over the last 12 weeks (before the current one) for one tag, as the service role:
 * each arrives at its planned time, and its first reply is its status change's history row
 * moved to the planned time. Leads whose reply would still be to come are left out. Returns the
 * seeded leads and a lead that arrived half an hour ago (New, not yet waiting too long).
 */
export async function seedOverviewLeads(tag: string, now = Date.now()) {
  const thisWeek = weekStartOf(now);
  const instantOf = (lead: PlannedLead, days: number, time: string) =>
    agencyInstant(addDays(thisWeek, -7 * lead.week + weekdays.indexOf(lead.weekday) + days), time);
  const planned = [...[4, 3, 2, 1].flatMap(slowWeek), ...[11, 10, 9, 8, 7, 6, 5].flatMap(usualWeek)]
    .map((lead) => ({
      ...lead,
      arrival: instantOf(lead, 0, lead.time),
      replyAt: lead.reply ? instantOf(lead, lead.reply.days, lead.reply.time) : null,
    }))
    .filter(({ replyAt }) => replyAt === null || replyAt < now - 60_000);
  const rows = planned.map((lead, index) => {
    const arrival = new Date(lead.arrival).toISOString();
    return {
      name: `Lead ${tag} W${String(lead.week).padStart(2, "0")} ${lead.weekday} ${lead.time}`,
      email: `overview-${tag}-${index}@example.com`,
      company: `Company ${tag}`,
      source: leadSources[index % leadSources.length]!,
      language: index % 3 === 0 ? "fr" : "en",
      created_at: arrival,
      // Already told to the agency: seeded leads owe no e-mail.
      notification: "emailed",
      notified_at: arrival,
    };
  });
  rows.push({
    name: `Lead ${tag} just now`,
    email: `overview-${tag}-now@example.com`,
    company: `Company ${tag}`,
    source: "contact",
    language: "fr",
    created_at: new Date(now - 30 * 60_000).toISOString(),
    notification: "emailed",
    notified_at: new Date(now - 30 * 60_000).toISOString(),
  });
  const inserted = await serviceClient().from("leads").insert(rows).select("id, name");
  if (inserted.error) throw inserted.error;
  const stored = inserted.data;
  const seeded = planned.map((lead, index) => ({ ...lead, id: stored[index]!.id }));

  for (const lead of seeded.filter(({ repeat }) => repeat)) {
    const original = seeded.find(({ week }) => week === lead.week)!;
    const { error } = await serviceClient()
      .from("leads")
      .update({ repeat_of: original.id })
      .eq("id", lead.id);
    if (error) throw error;
  }

  for (const status of ["contacted", "qualified"] as const) {
    const ids = seeded.filter(({ reply }) => reply?.status === status).map(({ id }) => id);
    const { error } = await serviceClient().from("leads").update({ status }).in("id", ids);
    if (error) throw error;
  }
  const replied = seeded.filter(({ replyAt }) => replyAt !== null);
  const history = await serviceClient()
    .from("lead_status_changes")
    .select("id, lead_id")
    .eq("from_status", "new")
    .in(
      "lead_id",
      replied.map(({ id }) => id),
    );
  if (history.error) throw history.error;
  await Promise.all(
    history.data.map(async (change) => {
      const lead = replied.find(({ id }) => id === change.lead_id)!;
      const { error } = await serviceClient()
        .from("lead_status_changes")
        .update({ changed_at: new Date(lead.replyAt!).toISOString() })
        .eq("id", change.id);
      if (error) throw error;
    }),
  );
  const later = seeded.filter(({ qualifiedLater }) => qualifiedLater).map(({ id }) => id);
  const qualified = await serviceClient()
    .from("leads")
    .update({ status: "qualified" })
    .in("id", later);
  if (qualified.error) throw qualified.error;

  return { leads: stored.slice(0, -1) as SeededLead[], recent: stored.at(-1) as SeededLead };
}
