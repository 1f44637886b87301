/**
 * Arabic-script words (Arabic, Persian, Urdu, Pashto) to Latin. The script does not write short
 * vowels, so no single romanisation is right: a word yields the spelling of a known-name list when
 * it has one, a vocalised guess (a between consonants, long vowels from alif/waw/ya), and a
 * consonant skeleton that the matcher compares with the skeleton of Latin spellings.
 */
import { ABJAD_LETTER, type AbjadConsonant, type AbjadRomanisation, AbjadWriter } from './abjad-romaniser';
import { loadArabicNames } from './reference-data';

const HARAKAT = /[\u064B-\u065F\u0670\u06D6-\u06ED\u0640]/gu;

/** Consonant letters: [vocalised Latin, skeleton symbol]. */
const CONSONANTS: Readonly<Record<string, AbjadConsonant>> = {
  ب: ['b', 'b'],
  ت: ['t', 't'],
  ث: ['th', 't'],
  ج: ['j', 'j'],
  ح: ['h', 'h'],
  خ: ['kh', 'x'],
  د: ['d', 'd'],
  ذ: ['dh', 'd'],
  ر: ['r', 'r'],
  ز: ['z', 's'],
  س: ['s', 's'],
  ش: ['sh', '$'],
  ص: ['s', 's'],
  ض: ['d', 'd'],
  ط: ['t', 't'],
  ظ: ['z', 's'],
  غ: ['gh', 'g'],
  ف: ['f', 'f'],
  ق: ['q', 'k'],
  ك: ['k', 'k'],
  ل: ['l', 'l'],
  م: ['m', 'm'],
  ن: ['n', 'n'],
  ه: ['h', 'h'],
  // Persian, Urdu, Pashto
  پ: ['p', 'p'],
  چ: ['ch', 'c'],
  ژ: ['zh', 'j'],
  گ: ['g', 'g'],
  ک: ['k', 'k'],
  ٹ: ['t', 't'],
  ڈ: ['d', 'd'],
  ڑ: ['r', 'r'],
  ں: ['n', 'n'],
  ہ: ['h', 'h'],
  ڭ: ['ng', 'n'],
  ڤ: ['v', 'f'],
  ځ: ['dz', 's'],
  څ: ['ts', 's'],
  ښ: ['sh', '$'],
  ږ: ['zh', 'j'],
  ګ: ['g', 'g'],
  ڼ: ['n', 'n'],
};

const ALEFS = new Set(['ا', 'أ', 'إ', 'آ', 'ٱ']);
const WAW = new Set(['و', 'ؤ', 'ۇ', 'ۆ']);
const YA = new Set(['ي', 'ى', 'ی', 'ئ', 'ے', 'ې', 'ۍ']);
const SILENT = new Set(['ء', 'ھ']);

/**
 * The most frequent name words of Arabic-script lists, which the ar2en list leaves out, in the
 * spelling the variant groups use as canonical (bare alif: hamza forms are looked up without it).
 */
const COMMON_NAMES: Record<string, string> = {
  محمد: 'muhammad',
  احمد: 'ahmad',
  محمود: 'mahmud',
  عبد: 'abd',
  عبدالله: 'abdullah',
  بن: 'bin',
  ابن: 'bin',
  بنت: 'bint',
  ابو: 'abu',
  ال: 'al',
  آل: 'al',
  ولد: 'ould',
  ام: 'umm',
  علي: 'ali',
  حسن: 'hasan',
  حسين: 'husayn',
  عمر: 'umar',
  عثمان: 'uthman',
  اسامة: 'usama',
  ابراهيم: 'ibrahim',
  اسماعيل: 'ismail',
  يوسف: 'yusuf',
  خالد: 'khalid',
  مصطفى: 'mustafa',
  فاطمة: 'fatima',
  عائشة: 'aisha',
  مريم: 'maryam',
  سعيد: 'said',
  سيد: 'sayyid',
  صالح: 'salih',
  صلاح: 'salah',
  ناصر: 'nasir',
  جمال: 'jamal',
  كريم: 'karim',
  رحمن: 'rahman',
  الرحمن: 'rahman',
  عزيز: 'aziz',
  العزيز: 'aziz',
  حمزة: 'hamza',
  حامد: 'hamid',
  قاسم: 'qasim',
  طارق: 'tariq',
  يحيى: 'yahya',
  يعقوب: 'yaqub',
  سليمان: 'sulayman',
  موسى: 'musa',
  عيسى: 'isa',
  زيد: 'zayd',
  فيصل: 'faisal',
  امير: 'amir',
  منصور: 'mansur',
  نور: 'nur',
  شيخ: 'sheikh',
  حاج: 'hajji',
  حاجي: 'hajji',
  غلام: 'ghulam',
  سلمان: 'salman',
  سعود: 'saud',
  لادن: 'ladin',
};

function isConsonant(char: string | undefined): boolean {
  return char !== undefined && char in CONSONANTS;
}

/** Waw and ya are long vowels after a letter other than alif, before a consonant or at the end of the word. */
function isLongVowelAt(chars: readonly string[], index: number): boolean {
  return index > 0 && !ALEFS.has(chars[index - 1]!) && (index === chars.length - 1 || isConsonant(chars[index + 1]));
}

/**
 * Arabic has no 'ch' and writes it تش (تشاد Chad, تشافيز Chavez), which is also t followed by sh
 * in a few Arabic words: the symbol 'C' reads both ways (see skeletonReadings).
 */
const TA_SHIN: AbjadConsonant = ['ch', 'C'];

/** Vocalised guess, skeleton and written letters from the letters alone. */
function romaniseLetters(word: string): { vocalised: string; skeleton: string; letters: string } {
  const chars = [...word];
  const writer = new AbjadWriter();
  for (let index = 0; index < chars.length; index += 1) {
    const char = chars[index]!;
    const isLast = index === chars.length - 1;
    const consonant = CONSONANTS[char];
    if (char === 'ة' || char === 'ۃ') writer.writeVowel('a', ABJAD_LETTER.finalA);
    else if (ALEFS.has(char)) writer.writeVowel(char === 'إ' ? 'i' : 'a', ABJAD_LETTER.carrier);
    else if (char === 'ع') writer.writeVowel(writer.vocalised.endsWith('a') ? '' : 'a', ABJAD_LETTER.ayin);
    else if (WAW.has(char)) writer.writeSemivowel(isLongVowelAt(chars, index), 'u', 'w', ABJAD_LETTER.waw);
    else if (char === 'ے') writer.writeVowel('e', ABJAD_LETTER.ya);
    else if (YA.has(char))
      writer.writeSemivowel(isLongVowelAt(chars, index), 'i', 'y', char === 'ى' ? ABJAD_LETTER.finalA : ABJAD_LETTER.ya);
    else if (char === 'ت' && chars[index + 1] === 'ش') {
      writer.writeConsonant(TA_SHIN, true);
      index += 1;
    } else if (consonant) writer.writeConsonant(consonant, !(char === 'ه' && isLast && index > 1));
    else if (!SILENT.has(char)) writer.writeOther(char);
  }
  return { vocalised: writer.vocalised, skeleton: writer.skeleton(finalVowelMark(chars.at(-1))), letters: writer.writtenLetters() };
}

/** The skeleton's mark of a written final long vowel (see AbjadWriter.skeleton). */
function finalVowelMark(last: string | undefined): string {
  if (last === undefined) return '';
  if (ALEFS.has(last) || last === 'ة' || last === 'ۃ' || last === 'ى') return 'A';
  if (YA.has(last)) return 'I';
  if (WAW.has(last)) return 'U';
  return '';
}

/**
 * Arabic writes a name's first vowel with alif or with 'ayin (Omar عمر, Ali علي, Abd عبد), and a
 * writer who knows the name only from its Latin spelling often picks alif: a word that starts with
 * alif and is not a known name is also looked up with 'ayin in its place.
 */
function findKnownName(word: string): string | undefined {
  const known = loadArabicNames();
  const bare = word.replace(/[أإآ]/gu, 'ا');
  const listed = COMMON_NAMES[word] ?? COMMON_NAMES[bare] ?? known.get(word) ?? known.get(bare);
  if (listed !== undefined || !bare.startsWith('ا') || bare.length < 3) return listed;
  const withAyin = `ع${bare.slice(1)}`;
  return COMMON_NAMES[withAyin] ?? known.get(withAyin);
}

/**
 * Romanisations of one Arabic-script word; the known-name spelling comes first when there is one.
 * A known word is read by its known spelling, not by its letters, which may also read as an
 * unrelated Latin name (الله as 'Ella').
 */
export function transliterateArabic(rawWord: string): AbjadRomanisation {
  const word = rawWord.normalize('NFC').replace(HARAKAT, '');
  const { vocalised, skeleton, letters } = romaniseLetters(word);
  const listed = findKnownName(word);
  const forms = listed ? [listed, vocalised] : [vocalised];
  return { forms: [...new Set(forms)], skeleton, letters: listed ? '' : letters };
}

/**
 * Splits the Arabic article and the 'Abd al-' compound off a word, so that 'عبدالرحمن' and
 * 'عبد الرحمن' give the same parts as 'Abd al-Rahman'.
 */
export function splitArabicArticle(word: string): string[] {
  if (word in COMMON_NAMES || loadArabicNames().has(word)) return [word];
  if (word.startsWith('عبدال') && word.length > 6) return ['عبد', 'ال', ...splitArabicArticle(word.slice(5))];
  if (word.startsWith('ال') && word.length > 3) return ['ال', word.slice(2)];
  return [word];
}
