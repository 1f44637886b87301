/**
 * Lists sometimes pack alternative names into one string with a slash ('AL-QA'IDA/ISLAMIC ARMY').
 * Each alternative is matched on its own as well as the whole. Slashes inside abbreviations
 * ('M/V', 'd/b/a', 'S/A') do not split: every part must hold a word of three letters or more.
 */
const LONG_WORD = /\p{L}{3,}/u;

export function splitNameAlternatives(name: string): string[] {
  if (!name.includes('/')) return [];
  const parts = name.split('/').map((part) => part.trim());
  if (parts.length < 2 || !parts.every((part) => LONG_WORD.test(part))) return [];
  return parts;
}
