const SCRIPTS: readonly (readonly [string, RegExp])[] = [
  ['Arab', /\p{Script=Arabic}/u],
  ['Cyrl', /\p{Script=Cyrillic}/u],
  ['Grek', /\p{Script=Greek}/u],
  ['Hebr', /\p{Script=Hebrew}/u],
  ['Hang', /\p{Script=Hangul}/u],
  ['Jpan', /[\p{Script=Hiragana}\p{Script=Katakana}]/u],
  ['Hani', /\p{Script=Han}/u],
  ['Thai', /\p{Script=Thai}/u],
  ['Deva', /\p{Script=Devanagari}/u],
  ['Beng', /\p{Script=Bengali}/u],
  ['Geor', /\p{Script=Georgian}/u],
  ['Armn', /\p{Script=Armenian}/u],
  ['Ethi', /\p{Script=Ethiopic}/u],
  ['Mymr', /\p{Script=Myanmar}/u],
  ['Khmr', /\p{Script=Khmer}/u],
];

/** ISO 15924 code of the first non-Latin script in a name, undefined for Latin (or script-less) text. */
export function detectScript(text: string): string | undefined {
  for (const [code, pattern] of SCRIPTS) if (pattern.test(text)) return code;
  return undefined;
}
