// Resend's webhooks, posted by the stack as Resend posts them: through Svix, so each request
// carries svix-id, svix-timestamp and svix-signature, signed with the svix package's own Webhook
// class and the secret the functions get as RESEND_WEBHOOK_SECRET (function-env.ts). The events
// go to RESEND_WEBHOOK_URL, by default the stack's own /functions/v1/resend-events.
// As with Resend's test addresses, a message accepted for bounced@resend.dev or
// complained@resend.dev (a +label allowed) produces an email.bounced or email.complained event,
// posted shortly after the API answered; tests post any event on demand (local-routes.ts), also
// wrongly signed or unsigned.
import crypto from "node:crypto";
import { Webhook } from "svix";
import type { OutboxEntry } from "./outbox.ts";

export type SignatureMode = "valid" | "invalid" | "none";

/** The message an event is about. */
export interface EventMessage {
  /** The id the API answered for it. */
  id: string;
  from: string;
  to: string[];
  subject: string;
  /** When it was accepted (ISO 8601). */
  sentAt: string;
}

/** The JSON body of one of Resend's e-mail events. */
export interface ResendEvent {
  type: string;
  created_at: string;
  data: {
    created_at: string;
    email_id: string;
    from: string;
    to: string[];
    subject: string;
    bounce?: { message: string; subType: string; type: string };
  };
}

export interface ResendWebhooksOptions {
  /** Where the events go (known once the stack listens, hence a function). */
  url: () => string;
  /** The signing secret (whsec_…), read when an event is posted. */
  secret: () => string;
  log: (line: string) => void;
}

/** Resend's test addresses that simulate an event, with or without a +label. */
const TEST_ADDRESS_EVENTS: [RegExp, string][] = [
  [/^bounced(\+[^@]*)?@resend\.dev$/i, "email.bounced"],
  [/^complained(\+[^@]*)?@resend\.dev$/i, "email.complained"],
];

/**
 * How long after the answer an automatic event is posted: the sender has recorded the message's
 * id by then, as it has when a real bounce comes back.
 */
const AUTOMATIC_EVENT_DELAY_MS = 500;
/** How long an endpoint may take to answer (a function's first call starts its Deno process). */
const POST_TIMEOUT_MS = 60_000;

/** The event Resend would post about `message`. */
export function resendEvent(type: string, message: EventMessage): ResendEvent {
  return {
    type,
    created_at: new Date().toISOString(),
    data: {
      created_at: message.sentAt,
      email_id: message.id,
      from: message.from,
      to: message.to,
      subject: message.subject,
      ...(type === "email.bounced"
        ? {
            bounce: {
              message:
                "The recipient's mail server permanently rejected the email (a local test bounce).",
              subType: "General",
              type: "Permanent",
            },
          }
        : {}),
    },
  };
}

/** The events Resend's test addresses among `entry`'s recipients produce. */
function testAddressEvents(entry: OutboxEntry): ResendEvent[] {
  const types = TEST_ADDRESS_EVENTS.filter(([address]) =>
    entry.to.some((to) => address.test(to.trim())),
  ).map(([, type]) => type);
  return types.map((type) => resendEvent(type, { ...entry, id: String(entry.id) }));
}

export class ResendWebhooks {
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly shutdown = new AbortController();

  constructor(private readonly options: ResendWebhooksOptions) {}

  /** Posts `event` and resolves to the endpoint's HTTP status. */
  async post(event: ResendEvent, signature: SignatureMode = "valid"): Promise<number> {
    const body = JSON.stringify(event);
    const id = `msg_${crypto.randomBytes(16).toString("base64url")}`;
    const sentAt = new Date();
    const secret =
      signature === "invalid"
        ? `whsec_${crypto.randomBytes(24).toString("base64")}`
        : this.options.secret();
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "Svix-Webhooks/1.0 (local stack)",
      ...(signature === "none"
        ? {}
        : {
            "svix-id": id,
            "svix-timestamp": String(Math.floor(sentAt.getTime() / 1000)),
            "svix-signature": new Webhook(secret).sign(id, sentAt, body),
          }),
    };
    const response = await fetch(this.options.url(), {
      method: "POST",
      headers,
      body,
      signal: AbortSignal.any([this.shutdown.signal, AbortSignal.timeout(POST_TIMEOUT_MS)]),
    });
    await response.body?.cancel();
    return response.status;
  }

  /** Posts the events of Resend's test addresses among these just accepted messages. */
  afterAccepted(entries: OutboxEntry[]): void {
    for (const event of entries.flatMap(testAddressEvents)) {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        this.post(event).then(
          (status) => {
            if (status >= 300) this.logFailure(event, `answered ${status}`);
          },
          (error: Error) => {
            if (!this.shutdown.signal.aborted) this.logFailure(event, error.message);
          },
        );
      }, AUTOMATIC_EVENT_DELAY_MS);
      this.timers.add(timer);
    }
  }

  /** Drops the events not posted yet and cuts the ones in flight. */
  close(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.shutdown.abort();
  }

  private logFailure(event: ResendEvent, reason: string) {
    this.options.log(
      `resend webhook ${event.type} for e-mail ${event.data.email_id} to ${this.options.url()}: ${reason}`,
    );
  }
}
