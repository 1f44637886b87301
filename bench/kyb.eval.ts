/**
 * The KYB engine over the 19 example packages of the Beneficial Ownership Data Standard 0.4
 * (shared data, kyb/bods/examples): how many validate against the schema, import without a problem,
 * export as valid BODS and round-trip (import → export → import gives the same structure and the same
 * beneficial owners), and the beneficial owners found in each, for a reader to check against the
 * package. Also the time to compute a layered structure of a few hundred companies.
 *
 *   npm run eval -- kyb
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { computeOwnership, exportBods, importBods, type OwnershipStructure } from '@sanad/kyb';
import { validateBods } from '@sanad/kyb/bods/validate-bods';
import { findSharedData, percentile, report, round, writeResult } from './lib';

interface ExampleFigures {
  file: string;
  valid: boolean;
  imported: boolean;
  exportedValid: boolean;
  roundTrip: boolean;
  beneficialOwners: string[];
  ultimateEntityOwners: string[];
}

function evaluateExample(dir: string, file: string): ExampleFigures {
  const statements: unknown = JSON.parse(readFileSync(path.join(dir, file), 'utf8'));
  const imported = importBods(statements);
  const subjectId = imported.subjects[0] ?? '';
  const result = computeOwnership(imported.structure, { subjectId, requireMandatoryRoles: false });
  const exported = exportBods(imported.structure, { publicationDate: '2026-11-27', publisher: { name: 'Sanad eval' }, subjectId });
  const again = importBods(exported);
  const recomputed = computeOwnership(again.structure, { subjectId, requireMandatoryRoles: false });
  const range = (r: { min: number; max: number }) => (r.min === r.max ? `${round(r.min)}%` : `${round(r.min)}–${round(r.max)}%`);
  return {
    file,
    valid: validateBods(statements).valid,
    imported: imported.problems.length === 0 && imported.structure.nodes.length > 0,
    exportedValid: validateBods(exported).valid,
    roundTrip:
      isDeepStrictEqual(again.structure, imported.structure) && isDeepStrictEqual(recomputed.beneficialOwners, result.beneficialOwners),
    beneficialOwners: result.beneficialOwners.map((o) => `${o.name} (${range(o.ownership)}; ${o.reasons.join(', ')})`),
    ultimateEntityOwners: result.ultimateEntityOwners.map((o) => `${o.name} (${range(o.ownership)})`),
  };
}

/** A subject held by `width` companies, layered `depth` deep, with natural persons in the top layer. */
function layeredStructure(width: number, depth: number): OwnershipStructure {
  const structure: OwnershipStructure = {
    nodes: [{ id: 'S', kind: 'entity', name: 'Subject', entityType: 'registeredEntity' }],
    edges: [],
  };
  let below = ['S'];
  for (let layer = 1; layer <= depth; layer += 1) {
    const ids = Array.from({ length: width }, (_, i) => `L${layer}-${i}`);
    const isTop = layer === depth;
    for (const id of ids)
      structure.nodes.push(isTop ? { id, kind: 'person', name: id } : { id, kind: 'entity', name: id, entityType: 'registeredEntity' });
    // The first layer shares the subject equally; above it each company has two holders of half
    // each, so the paths double with every layer.
    below.forEach((target, t) => {
      const holders = layer === 1 ? ids : [ids[t % width] as string, ids[(t + 1) % width] as string];
      for (const holder of holders) {
        const share = { exact: round(100 / holders.length, 6) };
        structure.edges.push({ id: `${holder}>${target}`, from: holder, to: target, interests: [{ type: 'shareholding', share }] });
      }
    });
    below = ids;
  }
  return structure;
}

function timeLayered(): Record<string, number> {
  const structure = layeredStructure(40, 6);
  const runs: number[] = [];
  let persons = 0;
  let paths = 0;
  for (let i = 0; i < 20; i += 1) {
    const started = performance.now();
    const result = computeOwnership(structure, { subjectId: 'S' });
    runs.push(performance.now() - started);
    persons = result.persons.length;
    paths = result.persons.reduce((sum, p) => sum + p.paths.length, 0);
  }
  const sorted = runs.toSorted((a, b) => a - b);
  report(`computeOwnership, 6 layers × 40 (${paths} paths to persons), p50`, percentile(sorted, 50), 'ms');
  return {
    nodes: structure.nodes.length,
    edges: structure.edges.length,
    persons,
    personPaths: paths,
    p50Ms: round(percentile(sorted, 50)),
    p95Ms: round(percentile(sorted, 95)),
  };
}

const shared = findSharedData();
const examplesDir = shared ? path.join(shared, 'kyb', 'bods', 'examples') : null;
const examples: ExampleFigures[] = [];
if (examplesDir) {
  for (const file of readdirSync(examplesDir)
    .filter((f) => f.endsWith('.json'))
    .toSorted()) {
    const figures = evaluateExample(examplesDir, file);
    examples.push(figures);
    const flags = [
      figures.valid ? 'valid' : 'INVALID',
      figures.imported ? 'imported' : 'IMPORT FAILED',
      figures.exportedValid ? 'export valid' : 'EXPORT INVALID',
      figures.roundTrip ? 'round-trips' : 'ROUND TRIP DIFFERS',
    ];
    const owners =
      figures.beneficialOwners.length > 0
        ? figures.beneficialOwners.join('; ')
        : `none${figures.ultimateEntityOwners.length > 0 ? ` (top: ${figures.ultimateEntityOwners.join('; ')})` : ''}`;
    console.log(`${file}: ${flags.join(', ')} | beneficial owners: ${owners}`);
  }
} else {
  console.log('Shared data not found (SANAD_EVAL_DATA or ../shared/data): the BODS examples are skipped.');
}
const count = (key: keyof ExampleFigures) => examples.filter((e) => e[key] === true).length;
const totals = {
  examples: examples.length,
  valid: count('valid'),
  imported: count('imported'),
  exportedValid: count('exportedValid'),
  roundTrip: count('roundTrip'),
};
console.log(
  `\n${totals.examples} examples: ${totals.valid} valid, ${totals.imported} imported, ${totals.exportedValid} exported valid, ${totals.roundTrip} round-trip`,
);
const layered = timeLayered();
console.log(`results: ${writeResult('kyb', { totals, examples, layered })}`);
if (examples.length > 0 && totals.roundTrip + totals.valid + totals.imported + totals.exportedValid !== 4 * examples.length)
  process.exit(1);
