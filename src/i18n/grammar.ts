// The little grammar that changes with a name the copy does not know in advance (the brand,
// src/config/site.ts): French elision ("d'Orchardly", "de Northwind"). English copy is written
// so that it needs none (no "a"/"an" before the brand).

/** `text` without accents, in lower case: "Élan" → "elan". */
const plain = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/**
 * Whether French treats `word` as starting with a vowel sound: a vowel, accented or not, or an h,
 * taken as mute ("d'Hélios"; an aspirated h cannot be told from the spelling). A y counts as a
 * vowel unless a vowel follows it ("d'Yves", "de Yahoo").
 */
function frenchVowelSound(word: string): boolean {
  const letters = plain(word);
  if (letters.startsWith("y")) return !/^y[aeiou]/.test(letters);
  return /^[aeiouhæœ]/.test(letters);
}

/** French `word` ("de", "le", "que"…) before `next`, elided before a vowel sound. */
export function elide(word: string, next: string): string {
  return frenchVowelSound(next) ? `${word.slice(0, -1)}'${next}` : `${word} ${next}`;
}
