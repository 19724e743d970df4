/** `search` as a like/ilike pattern that matches it literally anywhere in the text. */
export function containsPattern(search: string): string {
  return `%${search.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
