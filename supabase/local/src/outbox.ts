// The mail the functions sent, as the local Resend endpoint received it (local-resend.ts), and
// the mail Supabase Auth sent (auth/auth-mailer.ts), as its SMTP would have.
// The on-disk stack keeps it in supabase/.data/outbox.jsonl, a journal (journal.ts) of one line
// per accepted request (a whole batch in one line: all of it is kept or none), one per repeated
// request, and nothing else: a send never rewrites what came before, so ten thousand messages
// cost ten thousand appends, not ten thousand copies of a growing file. Reading it back on start
// restores the messages and the idempotency keys already answered, also after a SIGKILL.
// An in-memory stack keeps it in memory only.
import { Journal } from "./journal.ts";

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
  /** The Idempotency-Key of the request that sent it (a batch's key is on each of its e-mails). */
  idempotencyKey?: string;
  /** How often the same key and payload came again and were answered without a delivery. */
  repeats?: number;
}

/** A message a permissive batch refused, by its place in the batch. */
export interface BatchError {
  index: number;
  message: string;
}

/** What a request with an Idempotency-Key was answered, for its repeats. */
export interface IdempotentRequest {
  key: string;
  /** A digest of the request's payload (and endpoint), to compare a repeat with. */
  payloadDigest: string;
  entries: OutboxEntry[];
  /** The messages of a permissive batch that were refused. */
  errors?: BatchError[];
  acceptedAt: number;
}

/** Who sent the messages of one request. */
export interface Sender {
  function: string | null;
  sentBy: string | null;
}

type OutboxRecord =
  | {
      entries: OutboxEntry[];
      request?: { key: string; payloadDigest: string; errors?: BatchError[]; acceptedAt: string };
    }
  | { repeated: string };

/** What `list` leaves out or keeps. */
export interface OutboxQuery {
  /** Leave html and text out (the default keeps them). */
  withoutBodies?: boolean;
  /** Only the messages this function sent. */
  function?: string;
  /** Only the messages to this address (case-insensitive). */
  to?: string;
  /** Only the messages with a greater id. */
  after?: number;
}

/** How long Resend remembers an idempotency key. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

export class Outbox {
  private items: OutboxEntry[] = [];
  private readonly requests = new Map<string, IdempotentRequest>();
  private nextId = 1;
  private readonly journal: Journal<OutboxRecord> | null = null;

  /** `file`: the journal; null keeps everything in memory. */
  constructor(file: string | null) {
    if (!file) return;
    const { journal, records } = Journal.open<OutboxRecord>(file);
    this.journal = journal;
    for (const record of records) this.apply(record);
  }

  list(query: OutboxQuery = {}): OutboxEntry[] {
    const address = query.to?.toLowerCase();
    const after = query.after ?? 0;
    const chosen = this.items.filter(
      (item) =>
        item.id > after &&
        (query.function === undefined || item.function === query.function) &&
        (address === undefined || item.to.some((to) => to.toLowerCase() === address)),
    );
    if (!query.withoutBodies) return chosen;
    return chosen.map(({ html: _html, text: _text, ...rest }) => rest);
  }

  /** The message with this id, if any. */
  find(id: number): OutboxEntry | undefined {
    return this.items.find((item) => item.id === id);
  }

  /** The request answered for this idempotency key in the last 24 hours, if any. */
  findRequest(key: string, now = Date.now()): IdempotentRequest | undefined {
    const request = this.requests.get(key);
    return request && now - request.acceptedAt < IDEMPOTENCY_WINDOW_MS ? request : undefined;
  }

  /** Counts a repeated request that was answered with its first answer instead of a delivery. */
  countRepeat(request: IdempotentRequest): void {
    const record: OutboxRecord = { repeated: request.key };
    this.journal?.append(record);
    this.apply(record);
  }

  /** Files one message without an idempotency key (Auth's e-mails). */
  add(mail: OutboxMail, functionName: string | null, sentBy: string | null = null): OutboxEntry {
    return this.accept([mail], { function: functionName, sentBy })[0]!;
  }

  /**
   * Files the messages of one request in one journal record: all of them, or none if the write
   * fails. With `idempotency`, their answer is kept for the key's repeats.
   */
  accept(
    mails: OutboxMail[],
    sender: Sender,
    idempotency?: { key: string; payloadDigest: string; errors?: BatchError[] },
  ): OutboxEntry[] {
    const sentAt = new Date().toISOString();
    const entries = mails.map((mail, index): OutboxEntry => ({
      id: this.nextId + index,
      function: sender.function,
      sentBy: sender.sentBy,
      sentAt,
      ...mail,
      ...(idempotency ? { idempotencyKey: idempotency.key } : {}),
    }));
    const record: OutboxRecord = idempotency
      ? { entries, request: { ...idempotency, acceptedAt: sentAt } }
      : { entries };
    this.journal?.append(record);
    this.apply(record);
    return entries;
  }

  clear(): void {
    this.journal?.truncate();
    this.items = [];
    this.requests.clear();
  }

  close(): void {
    this.journal?.close();
  }

  private apply(record: OutboxRecord) {
    if ("repeated" in record) {
      for (const entry of this.requests.get(record.repeated)?.entries ?? []) {
        entry.repeats = (entry.repeats ?? 0) + 1;
      }
      return;
    }
    this.items.push(...record.entries);
    for (const entry of record.entries) this.nextId = Math.max(this.nextId, entry.id + 1);
    if (record.request) {
      this.requests.set(record.request.key, {
        ...record.request,
        entries: record.entries,
        acceptedAt: Date.parse(record.request.acceptedAt),
      });
    }
  }
}
