import { beforeEach, describe, expect, it, vi } from "vitest";
import { cancelNewsletterSend, tooLateMessage } from "../staff/api/cancel-newsletter-send";
import { getNewsletterAudience } from "../staff/api/get-newsletter-audience";
import { previewNewsletter } from "../staff/api/preview-newsletter";
import { scheduleNewsletterSend } from "../staff/api/schedule-newsletter-send";
import { sendTestNewsletter, testFailedMessage } from "../staff/api/send-test-newsletter";
import {
  fromDatabaseError,
  newsletterErrorMessages,
  NewsletterError,
} from "../staff/lib/newsletter-errors";
import { clip, defaultTexts, newsletterTextLimits } from "../staff/lib/newsletter-send";
import { postNewsletterState, sendBadge, sendProgress, sentTotals } from "../staff/lib/send-state";
import { scheduledLine, sendTiming, timingPhrase } from "../staff/lib/send-timing";
import { freshDatabase, functionRefusal, sendResult } from "./fake-newsletter-database";

const db = vi.hoisted(() => ({ current: null as unknown as ReturnType<typeof freshDatabase> }));
vi.mock("@/lib/supabase", async () => {
  const { fakeSupabase } = await import("./fake-newsletter-database");
  return { getSupabase: async () => fakeSupabase(db.current) };
});

beforeEach(() => {
  db.current = freshDatabase();
});

const post = {
  title: "Croissance mobile",
  excerpt: "Un court résumé.",
  content: "<p>Premier paragraphe.</p>",
  language: "fr" as const,
  slug: "croissance-mobile",
  image_url: null,
  image_width: null,
  image_height: null,
  video_url: null,
};
const draft = { post, subject: " Croissance mobile ", preheader: "Un court résumé. " };

describe("the e-mail's texts", () => {
  it("start as the post's title and excerpt, within the database's limits", () => {
    expect(defaultTexts(post)).toEqual({
      subject: "Croissance mobile",
      preheader: "Un court résumé.",
    });
    expect(defaultTexts({ title: "T", excerpt: null }).preheader).toBe("");
    const long = defaultTexts({ title: "word ".repeat(80), excerpt: "mot ".repeat(200) });
    expect(long.subject.length).toBeLessThanOrEqual(newsletterTextLimits.subject);
    expect(long.preheader.length).toBeLessThanOrEqual(newsletterTextLimits.preheader);
    expect(long.subject).toMatch(/word…$/);
  });

  it("are cut at a word, or mid-word when the text has no space", () => {
    expect(clip("one two three", 9)).toBe("one two…");
    expect(clip("abcdefghij", 5)).toBe("abcd…");
    expect(clip("  one\n two  ", 20)).toBe("one two");
  });
});

describe("a post's newsletter state", () => {
  it("is the send that waits or runs, and the sent ones oldest first", () => {
    const first = sendResult({ id: "a", completed_at: "2026-03-02T09:01:00.000Z" });
    const again = sendResult({
      id: "b",
      send_again: true,
      sent: 3,
      bounced: 1,
      completed_at: "2026-03-09T09:01:00.000Z",
    });
    const waiting = sendResult({ id: "c", status: "scheduled", completed_at: null });
    const cancelled = sendResult({ id: "d", status: "cancelled" });
    const state = postNewsletterState([waiting, cancelled, again, first]);
    expect(state.open?.id).toBe("c");
    expect(state.sent.map((send) => send.id)).toEqual(["a", "b"]);
    expect(sentTotals(state.sent)).toMatchObject({ sent: 15, bounced: 1, failed: 0 });
    expect(sendBadge(state)).toEqual({ kind: "scheduled" });
    expect(sendBadge(postNewsletterState([again, first]))).toEqual({
      kind: "sent",
      at: "2026-03-09T09:01:00.000Z",
    });
    expect(sendBadge(postNewsletterState([cancelled]))).toBeNull();
  });

  it("counts a send's progress as the recipients no longer queued", () => {
    expect(sendProgress(sendResult({ status: "sending", recipients: 250, queued: 150 }))).toEqual({
      done: 100,
      total: 250,
    });
  });

  it("goes out on publication, at the post's date, or now", () => {
    const now = new Date("2026-03-02T09:00:00.000Z");
    expect(sendTiming({ status: "draft", published_at: null }, now)).toEqual({
      kind: "on-publication",
    });
    const later = sendTiming(
      { status: "published", published_at: "2026-03-05T10:00:00.000Z" },
      now,
    );
    expect(later.kind).toBe("on-date");
    expect(timingPhrase(later)).toMatch(/^when it goes live on .*2026/);
    expect(
      sendTiming({ status: "published", published_at: "2026-03-01T10:00:00.000Z" }, now),
    ).toEqual({ kind: "now" });
    expect(scheduledLine({ kind: "on-publication" })).toBe("goes out when the post is published");
  });
});

describe("refusals in words", () => {
  it("name a send under way or done (PT409), the test limit (PT429), a missing permission (42501)", () => {
    const words = (code: string, message = "") =>
      fromDatabaseError({ code, message }, "fallback").message;
    expect(words("PT409", "This post is being sent now.")).toBe(newsletterErrorMessages.sending);
    expect(words("PT409", "This post was already sent to subscribers.")).toBe(
      newsletterErrorMessages.already_sent,
    );
    expect(words("PT429")).toBe(newsletterErrorMessages.test_limit);
    expect(words("42501")).toBe(newsletterErrorMessages.not_allowed);
    expect(words("P0002")).toBe(newsletterErrorMessages.post_gone);
    expect(words("XX000", "internal detail")).toBe("fallback");
  });

  it("come from the api modules as NewsletterErrors with their code", async () => {
    db.current.refusals.schedule_newsletter_send = [
      { code: "PT409", message: "This post was already sent to subscribers." },
    ];
    const refused = scheduleNewsletterSend({
      postId: "post-1",
      subject: "S",
      preheader: "",
      sendAgain: false,
    });
    await expect(refused).rejects.toBeInstanceOf(NewsletterError);
    await expect(refused).rejects.toMatchObject({ code: "already_sent" });

    db.current.refusals.newsletter_audience = [{ code: "42501", message: "permission denied" }];
    await expect(getNewsletterAudience("post-1")).rejects.toMatchObject({ code: "not_allowed" });
  });

  it("read the function's status: 403 not allowed, 429 the test limit, anything else the fallback", async () => {
    db.current.functionAnswers["send-newsletter/test"] = [
      functionRefusal(429, { error: "rate_limited", message: "Too many test e-mails." }),
      functionRefusal(403, { error: "not_allowed", message: "No." }),
      functionRefusal(500, { error: "internal", message: "boom" }),
    ];
    await expect(sendTestNewsletter(draft)).rejects.toMatchObject({ code: "test_limit" });
    await expect(sendTestNewsletter(draft)).rejects.toMatchObject({ code: "not_allowed" });
    await expect(sendTestNewsletter(draft)).rejects.toThrow(testFailedMessage);
  });

  it("say a send that has started can no longer be cancelled", async () => {
    await expect(cancelNewsletterSend("send-1")).resolves.toBeUndefined();
    db.current.cancellable = false;
    await expect(cancelNewsletterSend("send-1")).rejects.toThrow(tooLateMessage);
  });
});

describe("the function's body", () => {
  it("is the post as the editor holds it, with the texts trimmed", async () => {
    const preview = await previewNewsletter(draft);
    expect(preview.subject).toBe("Croissance mobile");
    expect(db.current.invocations).toEqual([
      {
        name: "send-newsletter/preview",
        body: { post, subject: "Croissance mobile", preheader: "Un court résumé." },
      },
    ]);
    expect(await sendTestNewsletter(draft)).toBe("ada@agency.test");
  });

  it("asks schedule_newsletter_send for the post, its texts and whether to send again", async () => {
    expect(
      await scheduleNewsletterSend({
        postId: "post-1",
        subject: " Hello ",
        preheader: " there ",
        sendAgain: true,
      }),
    ).toBe("send-new");
    expect(db.current.rpcCalls).toEqual([
      {
        name: "schedule_newsletter_send",
        args: { post_id: "post-1", subject: "Hello", preheader: "there", send_again: true },
      },
    ]);
  });
});
