// The mail the functions sent, as the local Resend endpoint received it (local-resend.ts), and
// the mail Supabase Auth sent (auth/auth-mailer.ts), as its SMTP would have.
// Kept in supabase/.data/outbox.json by the on-disk stack, in memory otherwise; the file is
// replaced whole (written beside it, then renamed), so a stack killed mid-write keeps the last
// complete list, and with it the idempotency keys it has already answered.
import fs from "node:fs";
import path from "node:path";

export interface OutboxMail {
  from: string;
  to: string[];
  subject: string;
  html?: string;
  text?: string;
  replyTo?: string;
  /** Extra headers, such as List-Unsubscribe. */
  headers?: Record<string, string>;
}

export interface OutboxEntry extends OutboxMail {
  id: number;
  /** The function whose Resend key sent it; null for Auth's e-mails. */
  function: string | null;
  /**
   * The sender's User-Agent: the runtime the function ran in (Deno/2.9.6, say), or
   * "Supabase Auth" for Auth's e-mails.
   */
  sentBy: string | null;
  sentAt: string;
  /** The request's Idempotency-Key, and a digest of its payload to compare a repeat with. */
  idempotencyKey?: string;
  payloadDigest?: string;
  /** How often the same key and payload came again and were answered without a delivery. */
  repeats?: number;
}

/** How long Resend remembers an idempotency key. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export class Outbox {
  private items: OutboxEntry[] = [];
  private nextId = 1;
  /** While set, the Resend stand-in refuses every message with this status (an outage). */
  outageStatus: number | null = null;

  constructor(private readonly file: string | null) {
    if (file && fs.existsSync(file)) {
      try {
        this.items = JSON.parse(fs.readFileSync(file, "utf8"));
        this.nextId = this.items.reduce((highest, item) => Math.max(highest, item.id), 0) + 1;
      } catch {
        this.items = [];
      }
    }
  }

  list(): OutboxEntry[] {
    return [...this.items];
  }

  /** The message sent with this idempotency key in the last 24 hours, if any. */
  findByIdempotencyKey(key: string, now = Date.now()): OutboxEntry | undefined {
    return this.items.find(
      (item) =>
        item.idempotencyKey === key && now - Date.parse(item.sentAt) < IDEMPOTENCY_WINDOW_MS,
    );
  }

  /** Counts a repeated request that was answered with `entry` instead of a new delivery. */
  countRepeat(entry: OutboxEntry): void {
    entry.repeats = (entry.repeats ?? 0) + 1;
    this.persist();
  }

  add(
    mail: OutboxMail,
    functionName: string | null,
    sentBy: string | null = null,
    idempotency?: { key: string; payloadDigest: string },
  ): OutboxEntry {
    const entry: OutboxEntry = {
      id: this.nextId++,
      function: functionName,
      sentBy,
      sentAt: new Date().toISOString(),
      ...mail,
      ...(idempotency
        ? { idempotencyKey: idempotency.key, payloadDigest: idempotency.payloadDigest }
        : {}),
    };
    this.items.push(entry);
    this.persist();
    return entry;
  }

  clear(): void {
    this.items = [];
    this.persist();
  }

  private persist() {
    if (!this.file) return;
    fs.mkdirSync(path.dirname(this.file), { recursive: true });
    const next = `${this.file}.next`;
    fs.writeFileSync(next, JSON.stringify(this.items, null, 2));
    fs.renameSync(next, this.file);
  }
}
