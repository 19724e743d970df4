// The mail the functions sent, as the local Resend endpoint received it (local-resend.ts).
// Kept in supabase/.data/outbox.json by the on-disk stack, in memory otherwise.
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
  /** The function whose Resend key sent it. */
  function: string | null;
  /** The sender's User-Agent: the runtime the function ran in (Deno/2.9.6, say). */
  sentBy: string | null;
  sentAt: string;
}

export class Outbox {
  private items: OutboxEntry[] = [];
  private nextId = 1;

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

  add(mail: OutboxMail, functionName: string | null, sentBy: string | null = null): OutboxEntry {
    const entry: OutboxEntry = {
      id: this.nextId++,
      function: functionName,
      sentBy,
      sentAt: new Date().toISOString(),
      ...mail,
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
    fs.writeFileSync(this.file, JSON.stringify(this.items, null, 2));
  }
}
