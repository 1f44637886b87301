/**
 * The labelled face pairs of ../shared/data/idv and the split the face evaluation keeps:
 * - tuned: faces/pairs.csv (the set the engine was first tuned on) and the pairs of more/faces whose
 *   people both fall in the tuning half;
 * - held apart: the pairs of more/faces whose people both fall in the other half, never looked at
 *   while choosing the model, the detection settings or the threshold.
 * A person's half is fixed by the first byte of the SHA-256 of the identity name (even: tuning),
 * so the split does not depend on the order of the files or on any score. Pairs across the halves
 * are left out. Pairs of a photo with its own crop (`same_source_photo`) are kept apart: they are
 * trivially easy and would flatter the false non-match rate.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export type Part = 'tuned' | 'heldApart';

export interface FacePair {
  /** Paths relative to the idv data folder. */
  readonly a: string;
  readonly b: string;
  readonly isSame: boolean;
  readonly isSameSourcePhoto: boolean;
  readonly part: Part;
  readonly source: 'faces' | 'more/faces';
}

export function isTuningIdentity(identity: string): boolean {
  const firstByte = createHash('sha256').update(identity).digest()[0] ?? 0;
  return firstByte % 2 === 0;
}

function readCsv(file: string): string[][] {
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',').map((cell) => cell.trim()));
}

export function loadFacePairs(idvRoot: string): { pairs: FacePair[]; identityOf: Map<string, string> } {
  const identityOf = new Map<string, string>();
  for (const [file = '', identity = ''] of readCsv(path.join(idvRoot, 'faces/identities.csv'))) identityOf.set(file, identity);
  for (const [file = '', identity = ''] of readCsv(path.join(idvRoot, 'more/faces/identities.csv'))) {
    identityOf.set(`more/faces/${file}`, identity);
  }
  const pairs: FacePair[] = readCsv(path.join(idvRoot, 'faces/pairs.csv')).map(([a = '', b = '', same = '']) => ({
    a,
    b,
    isSame: same === 'True',
    isSameSourcePhoto: false,
    part: 'tuned',
    source: 'faces',
  }));
  for (const [fileA = '', fileB = '', same = '', sameSource = ''] of readCsv(path.join(idvRoot, 'more/faces/pairs.csv'))) {
    const a = `more/faces/${fileA}`;
    const b = `more/faces/${fileB}`;
    const halves = [a, b].map((file) => isTuningIdentity(identityOf.get(file) ?? file));
    if (halves[0] !== halves[1]) continue;
    pairs.push({
      a,
      b,
      isSame: same === '1',
      isSameSourcePhoto: sameSource === '1',
      part: halves[0] ? 'tuned' : 'heldApart',
      source: 'more/faces',
    });
  }
  return { pairs, identityOf };
}
