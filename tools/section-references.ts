import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Comments state the rule they implement; a section sign pointing into a document outside the repository
 * (the product specification) tells a reader nothing. Sections of published standards (ICAO 9303,
 * an ISO or RFC number) are citable and stay.
 */
const PUBLISHED_STANDARD = /\b(ICAO|ISO|RFC|9303)\b/;

export interface SectionReference {
  file: string;
  line: number;
  text: string;
}

export function findSectionReferences(file: string, source: string): SectionReference[] {
  return source
    .split('\n')
    .flatMap((text, index) =>
      text.includes('\u00a7') && !PUBLISHED_STANDARD.test(text) ? [{ file, line: index + 1, text: text.trim() }] : [],
    );
}

const SOURCE = /\.(ts|tsx|mjs|cjs)$/;

function listSources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return ['node_modules', 'dist', 'results'].includes(name) ? [] : listSources(full);
    return SOURCE.test(name) ? [full] : [];
  });
}

export function scanForSectionReferences(root: string): SectionReference[] {
  return ['apps', 'packages', 'e2e', 'bench', 'scripts', 'tools']
    .flatMap((dir) => listSources(path.join(root, dir)))
    .flatMap((file) => findSectionReferences(path.relative(root, file), readFileSync(file, 'utf8')));
}
