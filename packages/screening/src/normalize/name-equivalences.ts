/**
 * Which name words mean the same name: spelling variants (Muhammad/Mohammed, Yusuf/Jusuf), name
 * particles (bin/ibn/ben, Abdul/Abd al-), name parts across scripts (the reference symbols) and
 * nicknames (Bob/Robert). Each word gets equivalence keys; two words that share a key are the same
 * name, with a strength that depends on the kind of key.
 */
import { GIVEN_NAME_VARIANTS } from './given-name-variants';
import { loadNicknames, loadPersonSymbols } from './reference-data';
import { foldLatin } from './unicode-folding';

/** g: spelling variant, p: particle or title, n: nickname. */
export type EquivalenceKind = 'g' | 'p' | 'n';

export interface NameEquivalences {
  /** Keys of a folded word (or of the raw word, for aliases written in another script). */
  keysOf(word: string): readonly string[];
  /** The canonical spelling of a particle ('ibn' → 'bin'), or undefined for other words. */
  canonicalParticle(word: string): string | undefined;
}

/** Particles whose spelling is replaced by one canonical form, so that joined and split names line up. */
const PARTICLE_CANONICAL: Record<string, string> = {
  ibn: 'bin',
  ben: 'bin',
  bn: 'bin',
  ebn: 'bin',
  bein: 'bin',
  abd: 'abdul',
  abdel: 'abdul',
  abdal: 'abdul',
  abdol: 'abdul',
  abdoul: 'abdul',
  abdu: 'abdul',
  abou: 'abu',
  abo: 'abu',
  el: 'al',
  ul: 'al',
  il: 'al',
  binti: 'bint',
  bte: 'bint',
  wuld: 'ould',
  walad: 'ould',
  wld: 'ould',
  wald: 'ould',
  junior: 'jr',
  jnr: 'jr',
  senior: 'sr',
  snr: 'sr',
};

const NO_KEYS: readonly string[] = [];

function foldAlias(alias: string): string {
  return foldLatin(alias).replace(/[^a-z0-9]/g, '');
}

function buildEquivalences(): NameEquivalences {
  const keys = new Map<string, string[]>();
  const addKey = (word: string, key: string): void => {
    if (word.length === 0) return;
    const list = keys.get(word);
    if (!list) keys.set(word, [key]);
    else if (!list.includes(key)) list.push(key);
  };
  const addAlias = (alias: string, key: string): void => {
    if (/\s/.test(alias.trim())) return;
    const trimmed = alias.trim().toLowerCase();
    if (/[a-z]/.test(foldLatin(trimmed))) addKey(foldAlias(trimmed), key);
    else addKey(trimmed.normalize('NFC'), key);
  };

  for (const group of GIVEN_NAME_VARIANTS) {
    for (const spelling of group) addAlias(spelling, `g:${group[0]}`);
  }
  const symbols = loadPersonSymbols();
  for (const [key, aliases] of Object.entries(symbols.particles)) {
    for (const alias of aliases) addAlias(alias, `p:${key}`);
  }
  for (const [key, aliases] of Object.entries(symbols.nameParts)) {
    for (const alias of aliases) addAlias(alias, `g:${key}`);
  }
  for (const [group, aliases] of Object.entries(symbols.nicknames)) {
    for (const alias of aliases) addAlias(alias, `n:~${group}`);
  }
  for (const [formal, nicknames] of Object.entries(loadNicknames())) {
    addAlias(formal, `n:${formal}`);
    for (const nickname of nicknames) addAlias(nickname, `n:${formal}`);
  }

  return {
    keysOf: (word) => keys.get(word) ?? NO_KEYS,
    // Own keys only: a name word such as 'constructor' must not find Object.prototype's.
    canonicalParticle: (word) => (Object.hasOwn(PARTICLE_CANONICAL, word) ? PARTICLE_CANONICAL[word] : undefined),
  };
}

let equivalences: NameEquivalences | undefined;

/** The shared equivalence table, built on first use from the shipped reference data. */
export function getNameEquivalences(): NameEquivalences {
  equivalences ??= buildEquivalences();
  return equivalences;
}

/** Strength of an equivalence between two words that share a key of this kind. */
export function equivalenceSimilarity(kind: EquivalenceKind): number {
  return kind === 'n' ? 0.88 : 0.97;
}

/**
 * The strongest key two words share, or undefined. A nickname key from the nickname list ('n:bill')
 * links the formal name with each of its nicknames, not two nicknames of the same name with each
 * other: 'robert' and 'william' are both listed under 'bill', yet they are different names.
 */
export function findSharedKey(
  a: { keys: readonly string[]; text: string },
  b: { keys: readonly string[]; text: string },
): string | undefined {
  if (a.keys.length === 0 || b.keys.length === 0) return undefined;
  let best: string | undefined;
  for (const key of a.keys) {
    if (!b.keys.includes(key)) continue;
    if (key.startsWith('n:')) {
      const formal = key.slice(2);
      if (!formal.startsWith('~') && a.text !== formal && b.text !== formal) continue;
    }
    if (!best || (best.startsWith('n:') && !key.startsWith('n:'))) best = key;
  }
  return best;
}
