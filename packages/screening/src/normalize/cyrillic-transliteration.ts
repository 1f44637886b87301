/**
 * Cyrillic to Latin. Lists and customers romanise Russian, Ukrainian, Belarusian, Serbian, Bulgarian
 * and Central Asian names in several systems (BGN/PCGN, passport ICAO, scholarly, German and French
 * habits), so a word yields its common romanisations rather than one 'correct' answer.
 */

const COMMON: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
  // Ukrainian and Belarusian
  і: 'i',
  ї: 'yi',
  є: 'ye',
  ґ: 'g',
  ў: 'u',
  // Serbian and Macedonian
  ђ: 'dj',
  ј: 'j',
  љ: 'lj',
  њ: 'nj',
  ћ: 'c',
  џ: 'dz',
  ѓ: 'gj',
  ќ: 'kj',
  ѕ: 'dz',
  // Kazakh, Kyrgyz, Uzbek, Tajik, Azerbaijani, Tatar, Bashkir
  қ: 'q',
  ғ: 'gh',
  ң: 'ng',
  ө: 'o',
  ұ: 'u',
  ү: 'u',
  һ: 'h',
  ә: 'a',
  ӣ: 'i',
  ӯ: 'u',
  ҳ: 'h',
  ҷ: 'j',
  ҙ: 'z',
  ҫ: 's',
  ӊ: 'ng',
  ӑ: 'a',
  ӗ: 'e',
  ӳ: 'u',
  ҡ: 'q',
  ҹ: 'j',
  ӧ: 'o',
  ӱ: 'u',
};

/** A second common habit: passport-style and German/French-influenced spellings. */
const ALTERNATE: Record<string, string> = {
  х: 'h',
  й: 'i',
  ю: 'iu',
  я: 'ia',
  ц: 'c',
  щ: 'sch',
  ж: 'j',
  ы: 'i',
  є: 'ie',
  ї: 'i',
  ё: 'yo',
};

const UKRAINIAN_MARKERS = /[іїєґ]/u;

function romanise(word: string, isAlternate: boolean, isUkrainian: boolean): string {
  let latin = '';
  const chars = [...word];
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    const next = chars[index + 1];
    if (char === 'и' && next === 'й' && index + 2 === chars.length) {
      // Final -ий / -ый: Zelenskiy, Zelensky, Zelenskyi.
      latin += isAlternate ? 'y' : isUkrainian ? 'yi' : 'iy';
      index += 1;
      continue;
    }
    if (isUkrainian && char === 'и') {
      latin += 'y';
      continue;
    }
    if (isUkrainian && char === 'г') {
      latin += isAlternate ? 'g' : 'h';
      continue;
    }
    if (char === 'е' && (index === 0 || 'аеёиоуыэюяіїєь'.includes(chars[index - 1] ?? '')) && !isAlternate) {
      latin += 'ye';
      continue;
    }
    latin += (isAlternate ? ALTERNATE[char] : undefined) ?? COMMON[char] ?? char;
  }
  return latin;
}

/** The common romanisations of a lowercase Cyrillic word, most usual first, without duplicates. */
export function transliterateCyrillic(word: string): string[] {
  const isUkrainian = UKRAINIAN_MARKERS.test(word);
  const forms = [romanise(word, false, isUkrainian), romanise(word, true, isUkrainian)];
  return [...new Set(forms)];
}
