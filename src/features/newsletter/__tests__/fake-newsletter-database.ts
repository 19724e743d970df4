import type { NewsletterWeek } from "../staff/api/get-newsletter-overview";
import type { SendResult } from "../staff/lib/send-state";

export interface Refusal {
  code: string;
  message: string;
}

/** What the fake database and function answer, and what they were asked; fresh per test. */
export interface FakeNewsletterDatabase {
  audience: {
    language: string;
    recipients: number;
    already_sent: boolean;
    pending: { id: string; status: string; requested_at: string } | null;
    last_sent_at: string | null;
  };
  results: SendResult[];
  /** What overview_newsletter_per_week answers, oldest week first. */
  weeks: NewsletterWeek[];
  scheduledTexts: { subject: string; preheader: string } | null;
  /** What cancel_newsletter_send answers: false once the send has started. */
  cancellable: boolean;
  /** Refusals by rpc name, used once each. */
  refusals: Record<string, Refusal[]>;
  /** Answers of the send-newsletter function by route, used once each. */
  functionAnswers: Record<
    string,
    ({ data: unknown; error: null } | { data: null; error: unknown })[]
  >;
  rpcCalls: { name: string; args: unknown }[];
  invocations: { name: string; body: unknown }[];
}

export function sendResult(fields: Partial<SendResult>): SendResult {
  return {
    id: "send-1",
    post_id: "post-1",
    post_title: "Croissance mobile",
    language: "fr",
    subject: "Croissance mobile",
    status: "sent",
    send_again: false,
    requested_at: "2026-03-02T09:00:00.000Z",
    started_at: "2026-03-02T09:00:05.000Z",
    completed_at: "2026-03-02T09:01:00.000Z",
    recipients: 12,
    queued: 0,
    sent: 12,
    failed: 0,
    bounced: 0,
    complained: 0,
    unsubscribed: 0,
    ...fields,
  };
}

export function freshDatabase(): FakeNewsletterDatabase {
  return {
    audience: {
      language: "fr",
      recipients: 12,
      already_sent: false,
      pending: null,
      last_sent_at: null,
    },
    results: [],
    weeks: [],
    scheduledTexts: null,
    cancellable: true,
    refusals: {},
    functionAnswers: {},
    rpcCalls: [],
    invocations: [],
  };
}

/** A refusal of the send-newsletter function as supabase-js reports it (FunctionsHttpError). */
export function functionRefusal(status: number, body: unknown) {
  return {
    data: null,
    error: {
      name: "FunctionsHttpError",
      message: "Edge Function returned a non-2xx status code",
      context: new Response(JSON.stringify(body), {
        status,
        headers: { "content-type": "application/json" },
      }),
    },
  };
}

/** supabase-js as the newsletter's staff api modules use it: rpc, one table read, functions. */
export function fakeSupabase(db: FakeNewsletterDatabase) {
  function rpcData(name: string, args: { post_id?: string }): unknown {
    if (name === "newsletter_audience") return db.audience;
    if (name === "newsletter_send_results") {
      return args.post_id ? db.results.filter((send) => send.post_id === args.post_id) : db.results;
    }
    if (name === "overview_newsletter_per_week") return db.weeks;
    if (name === "schedule_newsletter_send") return "send-new";
    if (name === "cancel_newsletter_send") return db.cancellable;
    return null;
  }
  return {
    async rpc(name: string, args: { post_id?: string } = {}) {
      db.rpcCalls.push({ name, args });
      const refusal = db.refusals[name]?.shift();
      if (refusal) return { data: null, error: refusal };
      return { data: rpcData(name, args), error: null };
    },
    from(table: string) {
      const query = {
        select: () => query,
        eq: () => query,
        maybeSingle: async () => ({
          data: table === "newsletter_sends" ? db.scheduledTexts : null,
          error: null,
        }),
      };
      return query;
    },
    functions: {
      invoke: async (name: string, { body }: { body: unknown }) => {
        db.invocations.push({ name, body });
        const queued = db.functionAnswers[name]?.shift();
        if (queued) return queued;
        if (name === "send-newsletter/test")
          return { data: { to: "ada@agency.test" }, error: null };
        const { subject, preheader } = body as { subject: string; preheader: string };
        return {
          data: {
            subject,
            preheader,
            html: `<html><body><h1>${subject}</h1></body></html>`,
            text: `${subject}\n\nPlain text.`,
          },
          error: null,
        };
      },
    },
  };
}
