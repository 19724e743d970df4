// Prints the Unicode data of the staff-name rules as SQL (the Cf character class and the
// confusables prototypes as a jsonb literal), for a migration that embeds them. Run again and
// paste into a new migration when Node's Unicode or the unhomoglyph package changes (the test
// supabase/tests/staff-names.test.ts then fails until a migration carries the new data).
import { confusablePrototypes, formatCharacterClass } from "./lib/name-characters.ts";

/** A JSON string with every character outside printable ASCII escaped (the file stays readable). */
const asciiJson = (text: string) =>
  JSON.stringify(text).replace(
    /[^\x20-\x7e]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`,
  );

const sqlString = (text: string) => `'${text.replaceAll("'", "''")}'`;

const entries = Object.entries(confusablePrototypes()).sort(
  ([a], [b]) => a.codePointAt(0)! - b.codePointAt(0)!,
);
const json = `{\n${entries.map(([from, to]) => `  ${asciiJson(from)}: ${asciiJson(to)}`).join(",\n")}\n}`;

console.log(`-- Cf (format and bidi characters):\n${sqlString(formatCharacterClass())}\n`);
console.log(`-- confusables prototypes:\n${sqlString(json)}::jsonb`);
