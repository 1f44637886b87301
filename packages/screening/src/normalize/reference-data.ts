/**
 * Loads the generated reference files shipped in packages/screening/data (see NOTICE for their
 * sources and licences). Each file is read once, on first use, so that importing the package costs
 * nothing until a name is normalised.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screeningPackageDir } from '../package-dir';

const cache = new Map<string, unknown>();

function readDataText(file: string): string {
  return readFileSync(path.join(screeningPackageDir(), 'data', file), 'utf8');
}

function loadOnce<T>(file: string, parse: (text: string) => T): T {
  const cached = cache.get(file);
  if (cached !== undefined) return cached as T;
  const value = parse(readDataText(file));
  cache.set(file, value);
  return value;
}

export interface NamePrefixes {
  person: string[];
  organisation: string[];
  object: string[];
}

export interface PersonSymbols {
  particles: Record<string, string[]>;
  nicknames: Record<string, string[]>;
  nameParts: Record<string, string[]>;
}

export function loadNicknames(): Record<string, string[]> {
  return loadOnce('nicknames.json', (text) => JSON.parse(text) as Record<string, string[]>);
}

export function loadNamePrefixes(): NamePrefixes {
  return loadOnce('name-prefixes.json', (text) => JSON.parse(text) as NamePrefixes);
}

export function loadOrgTypes(): [string, string[]][] {
  return loadOnce('org-types.json', (text) => JSON.parse(text) as [string, string[]][]);
}

export function loadOrgSymbols(): Record<string, string[]> {
  return loadOnce('org-symbols.json', (text) => JSON.parse(text) as Record<string, string[]>);
}

export function loadPersonSymbols(): PersonSymbols {
  return loadOnce('person-symbols.json', (text) => JSON.parse(text) as PersonSymbols);
}

export function loadConfusablePairs(): [string, string][] {
  return loadOnce('confusable-pairs.json', (text) => JSON.parse(text) as [string, string][]);
}

/** Arabic-script spelling → Latin spelling, from the Google ar2en name list. */
export function loadArabicNames(): Map<string, string> {
  return loadOnce('arabic-names.tsv', (text) => {
    const names = new Map<string, string>();
    for (const line of text.split('\n')) {
      const tab = line.indexOf('\t');
      if (tab > 0) names.set(line.slice(0, tab), line.slice(tab + 1));
    }
    return names;
  });
}
