import { describe, expect, it } from "vitest";
import type { LeadEmail } from "../staff/api/get-lead-delivery";
import { leadDelivery, notificationsWarning } from "../staff/lib/lead-delivery";

const email = (overrides: Partial<LeadEmail> = {}): LeadEmail => ({
  id: "e1",
  kind: "lead",
  attempts: 1,
  sent_at: null,
  last_error: null,
  last_failed_at: null,
  next_attempt_at: "2026-11-25T10:00:05Z",
  ...overrides,
});

describe("leadDelivery", () => {
  it("says what the agency was told, for every decision", () => {
    expect(leadDelivery({ notification: "repeat", notified_at: null }, null)).toMatchObject({
      tone: "none",
      text: expect.stringContaining("Not e-mailed again"),
    });
    expect(leadDelivery({ notification: "pending", notified_at: null }, null).tone).toBe("waiting");
    expect(leadDelivery({ notification: "held", notified_at: null }, null).text).toContain(
      "next digest",
    );
    const sent = leadDelivery(
      { notification: "emailed", notified_at: null },
      email({ sent_at: "2026-11-25T10:00:00Z", attempts: 3 }),
    );
    expect(sent).toMatchObject({ tone: "sent" });
    expect(sent.text).toMatch(/^E-mailed to the agency · .*2026.* after 3 attempts$/);
    expect(
      leadDelivery(
        { notification: "in_digest", notified_at: null },
        email({ kind: "digest", sent_at: "2026-11-25T10:00:00Z" }),
      ).text,
    ).toMatch(/^Sent in a digest · /);
  });

  it("shows a failing e-mail as retrying, with the attempts and the provider's last error", () => {
    const state = leadDelivery(
      { notification: "emailed", notified_at: null },
      email({
        attempts: 2,
        last_error: "The e-mail provider refused the message (500 internal_server_error).",
      }),
    );
    expect(state.tone).toBe("failing");
    expect(state.text).toContain("Retrying (2 attempts so far, next ");
    expect(state.text).toContain("Last error: The e-mail provider refused the message (500");
  });

  it("reads leads notified before e-mails were recorded from their date", () => {
    expect(
      leadDelivery({ notification: "emailed", notified_at: "2026-11-20T09:00:00Z" }, null).tone,
    ).toBe("sent");
  });
});

describe("notificationsWarning", () => {
  const now = Date.parse("2026-11-25T12:00:00Z");
  const health = (minutesAgo: number, waiting = 3) => ({
    waiting,
    oldest_waiting_since: new Date(now - minutesAgo * 60_000).toISOString(),
    last_error: "The e-mail provider refused the message (500).",
    last_failed_at: new Date(now - 60_000).toISOString(),
  });

  it("stays silent while lead e-mails flow, or for less than 15 minutes", () => {
    expect(notificationsWarning(undefined, now)).toBeNull();
    expect(notificationsWarning(health(14), now)).toBeNull();
    expect(notificationsWarning({ ...health(30), waiting: 0 }, now)).toBeNull();
  });

  it("warns past 15 minutes, with how many leads wait and the last error", () => {
    const warning = notificationsWarning(health(23), now)!;
    expect(warning.title).toBe("Lead e-mails are not going out");
    expect(warning.detail).toContain(
      "3 leads are waiting for their e-mail to the agency, the oldest for 23 minutes.",
    );
    expect(warning.detail).toContain("The e-mail provider refused the message (500).");
    const noError = notificationsWarning(
      { ...health(16, 1), last_error: "", last_failed_at: "" },
      now,
    )!;
    expect(noError.detail).toContain("1 lead has waited 16 minutes for its e-mail to the agency.");
    expect(noError.detail).toContain("may not be running");
  });
});
