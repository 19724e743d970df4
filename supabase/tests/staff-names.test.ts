// The Unicode data the staff-name rules embed, against its sources: the migrated database's
// format characters are exactly general category Cf as /\p{Cf}/u has it, its confusables
// prototypes are exactly the unhomoglyph package's copy of confusables.txt, and its skeleton is
// UTS #39's. A new Unicode (Node's or the package's) fails here until a migration carries it
// (print it with `npx tsx scripts/name-characters.ts`).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  confusablePrototypes,
  formatCharacterClass,
  formatCharacterRanges,
} from "../../scripts/lib/name-characters.ts";
import { startTestStack, type TestStack } from "../local/__tests__/helpers.ts";
import { DEFAULT_MIGRATIONS_DIR } from "../local/src/config.ts";

let stack: TestStack;

beforeAll(async () => {
  stack = await startTestStack({ migrationsDir: DEFAULT_MIGRATIONS_DIR });
});

afterAll(async () => {
  await stack?.close();
});

/** UTS #39's skeleton: NFD, each character's prototype, NFD again. */
function skeleton(text: string, prototypes: Record<string, string>): string {
  return [...text.normalize("NFD")]
    .map((character) => prototypes[character] ?? character)
    .join("")
    .normalize("NFD");
}

describe("the Unicode data of staff names", () => {
  it("refuses exactly the format and bidi characters (Cf) of /\\p{Cf}/u", async () => {
    const { rows } = await stack.db.query<{ pattern: string }>(
      "select private.format_characters() as pattern",
    );
    expect(rows[0]!.pattern).toBe(formatCharacterClass());

    // The pattern means to the database what it means to Node: each range's ends and the
    // characters just outside them.
    const inside = formatCharacterRanges().flat();
    const outside = formatCharacterRanges()
      .flatMap(([first, last]) => [first - 1, last + 1])
      .filter((codePoint) => !/\p{Cf}/u.test(String.fromCodePoint(codePoint)))
      .filter((codePoint) => codePoint < 0xd800 || codePoint > 0xdfff);
    const matches = await stack.db.query<{ code_point: number; matches: boolean }>(
      `select code_point, pg_catalog.chr(code_point) ~ private.format_characters() as matches
         from pg_catalog.unnest($1::integer[]) as code_point`,
      [[...inside, ...outside]],
    );
    const matched = new Set(matches.rows.filter((row) => row.matches).map((row) => row.code_point));
    expect([...matched].sort((a, b) => a - b)).toEqual([...new Set(inside)].sort((a, b) => a - b));
  });

  it("maps each confusable character to its prototype in confusables.txt", async () => {
    const { rows } = await stack.db.query<{ prototypes: Record<string, string> }>(
      "select private.confusable_prototypes() as prototypes",
    );
    expect(rows[0]!.prototypes).toEqual(confusablePrototypes());
  });

  it("computes UTS #39's skeleton of every confusable character", async () => {
    const prototypes = confusablePrototypes();
    const samples = [...Object.keys(prototypes), "Appgrove", "Ｅｌｅｎａ", "e\u0301"];
    const { rows } = await stack.db.query<{ skeleton: string }>(
      `select private.confusables_skeleton(sample) as skeleton
         from pg_catalog.unnest($1::text[]) with ordinality as samples(sample, position)
        order by position`,
      [samples],
    );
    expect(rows.map((row) => row.skeleton)).toEqual(
      samples.map((sample) => skeleton(sample, prototypes)),
    );
  });
});
