// The outbox on disk: an append-only journal that restores the messages and the idempotency keys
// after a restart (a SIGKILL included: a torn last line is dropped), grows by one line per
// request whatever it already holds, and lists its messages with or without their bodies.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Outbox, type OutboxMail } from "../src/outbox.ts";

let directory: string;
let file: string;
const opened: Outbox[] = [];

const open = () => {
  const outbox = new Outbox(file);
  opened.push(outbox);
  return outbox;
};

const mail = (to: string, extra: Partial<OutboxMail> = {}): OutboxMail => ({
  from: "Appgrove <newsletter@example.com>",
  to: [to],
  subject: "The news",
  html: "<p>News</p>",
  text: "News",
  ...extra,
});
const newsletter = { function: "send-newsletter", sentBy: "Deno/2" };

beforeEach(() => {
  directory = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-journal-"));
  file = path.join(directory, "outbox.jsonl");
});

afterEach(() => {
  for (const outbox of opened.splice(0)) outbox.close();
  fs.rmSync(directory, { recursive: true, force: true });
});

describe("the outbox journal", () => {
  it("restores the messages, their ids and the idempotent answers when reopened", () => {
    const first = open();
    const auth = first.add(mail("member@example.com"), null, "Supabase Auth");
    const batch = first.accept([mail("a@example.com"), mail("b@example.com")], newsletter, {
      key: "batch-1",
      payloadDigest: "digest-1",
      errors: [{ index: 2, message: "Missing `to` field." }],
    });
    first.countRepeat(first.findRequest("batch-1")!);
    first.close();

    const reopened = open();
    expect(reopened.list()).toEqual([auth, ...batch.map((entry) => ({ ...entry, repeats: 1 }))]);
    expect(reopened.findRequest("batch-1")).toMatchObject({
      payloadDigest: "digest-1",
      errors: [{ index: 2, message: "Missing `to` field." }],
      entries: batch.map((entry) => expect.objectContaining({ id: entry.id })),
    });
    expect(reopened.add(mail("c@example.com"), null).id).toBe(batch[1]!.id + 1);
  });

  it("drops a torn last line, as a SIGKILL mid-write leaves it, and appends after the whole ones", () => {
    const first = open();
    first.add(mail("kept@example.com"), "send-newsletter");
    first.close();
    fs.appendFileSync(file, '{"entries":[{"id":2,"to":["torn@exa');

    const reopened = open();
    expect(reopened.list().map((entry) => entry.to[0])).toEqual(["kept@example.com"]);
    reopened.add(mail("after@example.com"), "send-newsletter");
    reopened.close();
    const lines = fs.readFileSync(file, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    expect(lines.slice(0, -1).map((line) => JSON.parse(line).entries[0].to[0])).toEqual([
      "kept@example.com",
      "after@example.com",
    ]);
    expect(
      open()
        .list()
        .map((entry) => entry.to[0]),
    ).toEqual(["kept@example.com", "after@example.com"]);
  });

  it("forgets everything, the keys included, when cleared", () => {
    const first = open();
    first.accept([mail("a@example.com")], newsletter, { key: "k", payloadDigest: "d" });
    first.clear();
    expect(fs.statSync(file).size).toBe(0);
    first.close();
    const reopened = open();
    expect(reopened.list()).toEqual([]);
    expect(reopened.findRequest("k")).toBeUndefined();
  });

  it("forgets an idempotency key after 24 hours, as Resend does", () => {
    const outbox = open();
    outbox.accept([mail("a@example.com")], newsletter, { key: "k", payloadDigest: "d" });
    expect(outbox.findRequest("k", Date.now() + 23 * 3600_000)).toBeDefined();
    expect(outbox.findRequest("k", Date.now() + 25 * 3600_000)).toBeUndefined();
  });

  it("grows by one line per batch: 10,000 e-mails of 20 kB each are never rewritten", () => {
    const outbox = open();
    const html = `<p>${"x".repeat(20_000)}</p>`;
    const growth: number[] = [];
    for (let batch = 0; batch < 100; batch++) {
      const before = fs.statSync(file).size;
      const mails = Array.from({ length: 100 }, (_, index) =>
        mail(`reader-${batch * 100 + index}@example.com`, { html }),
      );
      outbox.accept(mails, newsletter, { key: `batch-${batch}`, payloadDigest: "d" });
      growth.push(fs.statSync(file).size - before);
    }
    // Each append is about one batch's size (100 × 20 kB), the last as the first.
    expect(Math.max(...growth)).toBeLessThan(2.2e6);
    expect(Math.max(...growth) - Math.min(...growth)).toBeLessThan(1000);
    outbox.close();

    const reopened = open();
    const listed = reopened.list({ withoutBodies: true });
    expect(listed).toHaveLength(10_000);
    expect(new Set(listed.map((entry) => entry.id)).size).toBe(10_000);
    expect(listed[9_999]).not.toHaveProperty("html");
    expect(reopened.findRequest("batch-99")?.entries).toHaveLength(100);
  });
});

describe("the outbox's filters", () => {
  it("leaves the bodies out and keeps one function's, one address's or the newer messages", () => {
    const outbox = new Outbox(null);
    const lead = outbox.add(mail("Agency@Example.com"), "send-lead-notification", "Deno/2");
    const [first, second] = outbox.accept(
      [mail("a@example.com"), mail("agency@example.com")],
      newsletter,
    );
    expect(outbox.list()).toEqual([lead, first, second]);
    expect(outbox.list({ withoutBodies: true })[0]).toEqual({
      id: lead.id,
      function: "send-lead-notification",
      sentBy: "Deno/2",
      sentAt: lead.sentAt,
      from: lead.from,
      to: ["Agency@Example.com"],
      subject: "The news",
    });
    expect(outbox.list({ function: "send-newsletter" })).toEqual([first, second]);
    expect(outbox.list({ to: "AGENCY@example.com" })).toEqual([lead, second]);
    expect(outbox.list({ after: first!.id })).toEqual([second]);
    expect(outbox.list({ function: "send-newsletter", to: "agency@example.com" })).toEqual([
      second,
    ]);
  });
});
