/**
 * A URL slug: accents folded ('Stratégie été' -> 'strategie-ete'), lower case, every run of
 * characters other than a-z and 0-9 one hyphen, no hyphen at either end.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/\p{M}/gu, "")
    .replace(/ß/g, "ss")
    .replace(/[æÆ]/g, "ae")
    .replace(/[œŒ]/g, "oe")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}
