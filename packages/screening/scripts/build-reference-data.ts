/**
 * Derives the compact data files under packages/screening/data/ from the reference material in
 * ../shared/data/screening/reference (or the folder given as the first argument). The engine reads
 * only the generated files at run time, so it works without the shared folder; run this again when
 * the reference material changes and commit the output together with NOTICE.
 *
 *   npx tsx packages/screening/scripts/build-reference-data.ts [referenceDir]
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const referenceDir = path.resolve(process.argv[2] ?? path.join(packageDir, '../../../shared/data/screening/reference'));
const outputDir = path.join(packageDir, 'data');

function readText(file: string): string {
  return readFileSync(path.join(referenceDir, file), 'utf8');
}

function writeJson(file: string, value: unknown): void {
  writeFileSync(path.join(outputDir, file), `${JSON.stringify(value)}\n`);
  console.log(`wrote data/${file}`);
}

function asStringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.filter((item): item is string | number => typeof item === 'string' || typeof item === 'number').map(String);
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function uniqueLowercase(values: readonly string[]): string[] {
  return [...new Set(values.map((value) => value.trim().toLowerCase()).filter((value) => value.length > 0))];
}

/** nicknames.csv (carltonnorthern/nicknames): formal name → its nicknames. */
function buildNicknames(): void {
  const byFormal: Record<string, string[]> = {};
  for (const line of readText('nicknames.csv').split('\n').slice(1)) {
    const [formal, relationship, nickname] = line.trim().split(',');
    if (!formal || !nickname || relationship !== 'has_nickname') continue;
    (byFormal[formal.toLowerCase()] ??= []).push(nickname.toLowerCase());
  }
  writeJson('nicknames.json', byFormal);
}

/** stopwords.yml (rigour): titles and articles that precede a name. */
function buildPrefixes(): void {
  const doc = asRecord(parse(readText('stopwords.yml')));
  writeJson('name-prefixes.json', {
    person: uniqueLowercase(asStringList(doc.PERSON_NAME_PREFIXES)),
    organisation: uniqueLowercase(asStringList(doc.ORG_NAME_PREFIXES)),
    object: uniqueLowercase(asStringList(doc.OBJ_NAME_PREFIXES)),
  });
}

/** org_types.yml (rigour): every spelling of a legal form → one comparison key (generic, else compare, else display). */
function buildOrgTypes(): void {
  const doc = asRecord(parse(readText('org_types.yml')));
  const rows: [string, string[]][] = [];
  for (const entry of Array.isArray(doc.types) ? doc.types : []) {
    const type = asRecord(entry);
    const key = [type.generic, type.compare, type.display].find((value): value is string => typeof value === 'string');
    const aliases = uniqueLowercase([...asStringList(type.aliases), ...asStringList([type.display, type.compare])]);
    if (key && aliases.length > 0) rows.push([key.toLowerCase(), aliases]);
  }
  writeJson('org-types.json', rows);
}

/** symbols.yml (rigour): organisation terms and person name parts across scripts, grouped by meaning. */
function buildSymbols(): void {
  const doc = asRecord(parse(readText('symbols.yml')));
  const groups = (section: unknown): Record<string, string[]> =>
    Object.fromEntries(Object.entries(asRecord(section)).map(([key, value]) => [key.toLowerCase(), uniqueLowercase(asStringList(value))]));
  writeJson('org-symbols.json', { ...groups(doc.org_symbols), ...groups(doc.org_domains) });
  writeJson('person-symbols.json', {
    particles: groups(doc.person_symbols),
    nicknames: groups(doc.person_nick),
    nameParts: groups(doc.person_name_parts),
  });
}

/** compare.yml (rigour): single characters a reader or an OCR engine confuses. */
function buildConfusables(): void {
  const doc = asRecord(parse(readText('compare.yml')));
  const pairs = (Array.isArray(doc.similar_pairs) ? doc.similar_pairs : []).map(asStringList).filter((pair) => pair.length === 2);
  writeJson('confusable-pairs.json', pairs);
}

/** ar2en_google.txt: Arabic-script name → Latin spelling, kept as tab-separated lines. */
function buildArabicNames(): void {
  const lines = readText('ar2en_google.txt')
    .split('\n')
    .map((line) => line.trim().split('\t'))
    .filter((parts): parts is [string, string] => parts.length === 2 && Boolean(parts[0]) && Boolean(parts[1]))
    .map(([arabic, latin]) => `${arabic.normalize('NFC')}\t${latin.toLowerCase()}`);
  writeFileSync(path.join(outputDir, 'arabic-names.tsv'), `${[...new Set(lines)].join('\n')}\n`);
  console.log('wrote data/arabic-names.tsv');
}

buildNicknames();
buildPrefixes();
buildOrgTypes();
buildSymbols();
buildConfusables();
buildArabicNames();
