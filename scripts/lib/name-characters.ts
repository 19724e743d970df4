// The Unicode data the database's rules for staff names embed (migration
// *_staff_names_that_cannot_be_borrowed.sql): the format and bidi characters (general category
// Cf) a name may not hold, and the confusables prototypes (UTS #39's confusables.txt, as the
// unhomoglyph package carries it) that names are compared through. scripts/name-characters.ts
// prints them as SQL; supabase/tests/staff-names.test.ts holds the migrated database equal to
// them, so neither can drift from its source.
import { createRequire } from "node:module";

const LAST_CODE_POINT = 0x10ffff;
const FORMAT_CHARACTER = /\p{Cf}/u;

/** The code point ranges (first, last) of general category Cf, as this Node's Unicode has them. */
export function formatCharacterRanges(): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (let codePoint = 0; codePoint <= LAST_CODE_POINT; codePoint += 1) {
    // Surrogates are no characters (a PostgreSQL text never holds one).
    if (codePoint >= 0xd800 && codePoint <= 0xdfff) continue;
    if (!FORMAT_CHARACTER.test(String.fromCodePoint(codePoint))) continue;
    const last = ranges.at(-1);
    if (last && last[1] === codePoint - 1) last[1] = codePoint;
    else ranges.push([codePoint, codePoint]);
  }
  return ranges;
}

/** A code point as a PostgreSQL regular expression escape (\uXXXX or \UXXXXXXXX). */
const regexEscape = (codePoint: number) =>
  codePoint <= 0xffff
    ? `\\u${codePoint.toString(16).toUpperCase().padStart(4, "0")}`
    : `\\U${codePoint.toString(16).toUpperCase().padStart(8, "0")}`;

/** A PostgreSQL bracket expression matching any Cf character. */
export function formatCharacterClass(): string {
  const parts = formatCharacterRanges().map(([first, last]) =>
    first === last ? regexEscape(first) : `${regexEscape(first)}-${regexEscape(last)}`,
  );
  return `[${parts.join("")}]`;
}

/** Each confusable character and its prototype (confusables.txt, via unhomoglyph's data.json). */
export function confusablePrototypes(): Record<string, string> {
  const require = createRequire(import.meta.url);
  return require("unhomoglyph/data.json") as Record<string, string>;
}
