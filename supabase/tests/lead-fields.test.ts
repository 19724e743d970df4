// shared/lead-fields.ts against the table it describes. The migrations are the truth: the site's
// forms and the notification function take a lead's fields and their limits from the shared
// module, so this proves, on the migrated database, that the module says what public.leads does:
// the same fields in the same order, the same longest values, the same required fields and the
// same multi-line field. A migration that changes a limit fails here until the module follows.
import {
  leadBidiControls,
  leadFieldNames,
  leadFields,
  type LeadField,
} from "@shared/lead-fields.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestStack, type TestStack } from "../local/__tests__/helpers.ts";
import type { Queryable } from "../local/src/db.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../local/src/config.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: DEFAULT_MIGRATIONS_DIR });
});

afterAll(async () => {
  await stack?.close();
});

const validLead = {
  name: "Ada Lovelace",
  email: "ada@example.com",
  source: "contact",
  language: "en",
};

/** A value of `length` characters the field's own shape accepts. */
function valueOf(field: LeadField, length: number): string {
  const domain = "@example.com";
  return field === "email" ? `${"a".repeat(length - domain.length)}${domain}` : "x".repeat(length);
}

/**
 * Whether public.leads stores a lead whose `field` is `value`: the error's SQLSTATE when it
 * refuses (23514 a check constraint), else null. Each attempt is undone; the triggers (the intake
 * limits) are off, so only the table's own constraints decide.
 */
async function refusal(tx: Queryable, field: LeadField, value: string): Promise<string | null> {
  const lead: Record<string, string> = { ...validLead, [field]: value };
  const columns = Object.keys(lead);
  await tx.query("savepoint attempt");
  try {
    await tx.query(
      `insert into public.leads (${columns.join(", ")}) values (${columns.map((_, index) => `$${index + 1}`).join(", ")})`,
      Object.values(lead),
    );
    return null;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  } finally {
    await tx.query("rollback to savepoint attempt");
  }
}

/** Runs `work` in one transaction with the triggers off (the stack's own superuser may). */
const withoutTriggers = <T>(work: (tx: Queryable) => Promise<T>) =>
  stack.db.transaction({ settings: { session_replication_role: "replica" } }, work);

describe("shared/lead-fields.ts", () => {
  it("lists the free-text columns a visitor may fill in, in the table's order", async () => {
    // The text columns anon may insert, but for the vocabularies (source, language), which are
    // checked against their enum types instead.
    const { rows } = await stack.db.query<{ column_name: string }>(
      `select a.attname::text as column_name from pg_catalog.pg_attribute a
        where a.attrelid = 'public.leads'::regclass and a.attnum > 0 and not a.attisdropped
          and a.atttypid = 'text'::regtype
          and has_column_privilege('anon', 'public.leads', a.attname::text, 'INSERT')
          and not exists (
            select 1 from pg_catalog.pg_constraint c
             where c.conrelid = a.attrelid and c.contype = 'c' and a.attnum = any (c.conkey)
               and pg_catalog.pg_get_constraintdef(c.oid) like '%enum_range%')
        order by a.attnum`,
    );
    expect(rows.map((row) => row.column_name)).toEqual([...leadFieldNames]);
  });

  it("requires exactly the columns that are not null", async () => {
    const { rows } = await stack.db.query<{ column_name: string; is_nullable: string }>(
      `select column_name::text, is_nullable::text from information_schema.columns
        where table_schema = 'public' and table_name = 'leads'`,
    );
    const notNull = new Set(
      rows.filter((row) => row.is_nullable === "NO").map((row) => row.column_name),
    );
    for (const field of leadFieldNames) {
      expect(notNull.has(field), field).toBe(leadFields[field].required);
    }
  });

  it("gives each field the longest value its check constraint accepts", async () => {
    const outcomes = await withoutTriggers(async (tx) => {
      const found: Record<string, { atMax: string | null; beyond: string | null }> = {};
      for (const field of leadFieldNames) {
        const { max } = leadFields[field];
        found[field] = {
          atMax: await refusal(tx, field, valueOf(field, max)),
          beyond: await refusal(tx, field, valueOf(field, max + 1)),
        };
      }
      return found;
    });
    for (const field of leadFieldNames) {
      expect(outcomes[field], field).toEqual({ atMax: null, beyond: "23514" });
    }
  });

  it("lets line breaks and tabs into the multi-line fields only, other controls into none", async () => {
    const outcomes = await withoutTriggers(async (tx) => {
      const found: Record<string, { lines: boolean; bell: boolean }> = {};
      for (const field of leadFieldNames) {
        const lines = field === "email" ? "a\r\n\tb@example.com" : "first\r\nsecond\tcolumn";
        const bell = field === "email" ? "a\u0007b@example.com" : "a\u0007b";
        found[field] = {
          lines: (await refusal(tx, field, lines)) === null,
          bell: (await refusal(tx, field, bell)) === null,
        };
      }
      return found;
    });
    for (const field of leadFieldNames) {
      expect(outcomes[field], field).toEqual({ lines: leadFields[field].multiline, bell: false });
    }
  });

  it("strips from every field exactly the bidi controls the module lists", async () => {
    // Every character from U+0600 to U+206F: the listed controls, the other format characters
    // of those blocks and everything between, in messages of at most the message's longest.
    const characters = Array.from({ length: 0x2070 - 0x0600 }, (_, index) =>
      String.fromCodePoint(0x0600 + index),
    );
    const messages = [characters.slice(0, 4000).join(""), characters.slice(4000).join("")];
    const controls = characters.filter(
      (character) => character.replace(leadBidiControls, "") === "",
    );
    expect(controls).toHaveLength(12);
    // Each other field holds every listed control between two letters.
    const disguised = `a${controls.join("")}b`;
    const sent = (message: string, index: number): Record<LeadField, string> => ({
      ...(Object.fromEntries(leadFieldNames.map((field) => [field, disguised])) as Record<
        LeadField,
        string
      >),
      email: `${disguised}-${index}@example.com`,
      message,
    });
    const stored = [];
    for (const [index, message] of messages.entries()) {
      const lead: Record<string, string | null> = { ...validLead, ...sent(message, index) };
      const columns = Object.keys(lead);
      const { rows } = await stack.db.query<Record<LeadField, string | null>>(
        `insert into public.leads (${columns.join(", ")})
         values (${columns.map((_, position) => `$${position + 1}`).join(", ")})
         returning ${leadFieldNames.join(", ")}`,
        Object.values(lead),
      );
      stored.push(rows[0]);
    }
    expect(stored).toEqual(
      messages.map((message, index) =>
        Object.fromEntries(
          leadFieldNames.map((field) => [
            field,
            sent(message, index)[field].replace(leadBidiControls, ""),
          ]),
        ),
      ),
    );
  });
});
