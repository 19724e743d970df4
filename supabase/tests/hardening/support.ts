// Shared by the hardening suites: which database they run on, a stack with the project's real
// migrations and functions, their figures, and percentiles (visitor-shaped leads: ../leads.ts).
import { randomUUID } from "node:crypto";
import type { Figure } from "../../../scripts/hardening/figures.ts";
import { startTestStack, type TestStack } from "../../local/__tests__/helpers.ts";
import {
  DEFAULT_FUNCTIONS_DIR,
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SEED_FILE,
} from "../../local/src/config.ts";
import type { StackOptions } from "../../local/src/stack.ts";

/** "PostgreSQL" under with-postgres.sh (DATABASE_URL set), "PGlite" otherwise. */
export const BACKEND = process.env.DATABASE_URL ? "PostgreSQL" : "PGlite";

export const NOTIFY_TO = "leads@appgrove.test";

/** A stack on the project's own migrations, seed and functions (not the stack's fixtures). */
export function startProjectStack(options: StackOptions = {}): Promise<TestStack> {
  process.env.LEAD_NOTIFICATION_TO = NOTIFY_TO;
  // The outbox, never Resend, whatever the developer's shell holds.
  delete process.env.RESEND_API_KEY;
  return startTestStack({
    migrationsDir: DEFAULT_MIGRATIONS_DIR,
    seedFile: DEFAULT_SEED_FILE,
    functionsDir: DEFAULT_FUNCTIONS_DIR,
    ...options,
  });
}

/** A suite's figures (for recordFigures), and `figure` to add one for this backend. */
export function suiteFigures(area: Figure["area"]) {
  const figures: Figure[] = [];
  const figure = (check: string, value: string, ok: boolean) =>
    figures.push({ area, check, backend: BACKEND, value, ok });
  return { figures, figure };
}

/** A short tag that marks every row one run writes, so counts ignore everything else. */
export const runMarker = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

/** Nearest-rank percentile of samples in milliseconds. */
export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export const ms = (value: number) => `${value.toFixed(1)} ms`;

/** A lead e-mail in the stack's outbox, as the hardening suites read it. */
export interface OutboxLeadMail {
  replyTo?: string;
  subject: string;
  text?: string;
}

/**
 * How many e-mails tell the agency about each lead of a run (addresses `<marker>-…@example.com`):
 * a lead's own e-mail replies to it; a digest lists every lead's address in its text.
 */
export function mailsPerLead(outbox: OutboxLeadMail[], marker: string): Map<string, number> {
  const counts = new Map<string, number>();
  const address = new RegExp(`${marker}-[\\w-]+@example\\.com`, "g");
  for (const mail of outbox) {
    const leads = mail.subject.startsWith("Lead digest")
      ? (mail.text?.match(address) ?? [])
      : mail.replyTo?.startsWith(`${marker}-`)
        ? [mail.replyTo]
        : [];
    for (const lead of leads) counts.set(lead, (counts.get(lead) ?? 0) + 1);
  }
  return counts;
}
