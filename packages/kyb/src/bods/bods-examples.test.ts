import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { computeOwnership } from '../compute-ownership';
import type { OwnershipResult } from '../ownership.types';
import { exportBods } from './export-bods';
import { importBods } from './import-bods';
import { findBodsExamplesDir } from './shared-data-dir.fixture';
import { validateBods } from './validate-bods';

const EXAMPLES_DIR = findBodsExamplesDir();
const read = (file: string): unknown => JSON.parse(readFileSync(path.join(EXAMPLES_DIR as string, file), 'utf8'));

function analyse(file: string) {
  const imported = importBods(read(file));
  const subjectId = imported.subjects[0] as string;
  const result = computeOwnership(imported.structure, { subjectId, requireMandatoryRoles: false });
  return { imported, subjectId, result };
}

/** The beneficial owners as an officer would list them: name and effective ownership (min–max). */
const owners = (result: OwnershipResult) => result.beneficialOwners.map((o) => [o.name, o.ownership.min, o.ownership.max]).toSorted();

describe.runIf(EXAMPLES_DIR)('the 19 BODS 0.4 example packages', () => {
  const files = EXAMPLES_DIR
    ? readdirSync(EXAMPLES_DIR)
        .filter((f) => f.endsWith('.json'))
        .toSorted()
    : [];

  it('are all there', () => {
    expect(files).toHaveLength(19);
  });

  it.each(files)('%s validates, imports, exports valid BODS and round-trips', (file) => {
    const statements = read(file);
    expect(validateBods(statements)).toEqual({ valid: true, errors: [] });
    const { imported, subjectId, result } = analyse(file);
    expect(imported.problems).toEqual([]);
    expect(imported.structure.nodes.length).toBeGreaterThan(0);

    const exported = exportBods(imported.structure, { publicationDate: '2026-11-27', publisher: { name: 'Sanad test' }, subjectId });
    expect(validateBods(exported)).toEqual({ valid: true, errors: [] });
    const again = importBods(exported);
    expect(again.problems).toEqual([]);
    expect(again.subjects).toEqual([subjectId]);
    expect(again.structure).toEqual(imported.structure);
    const recomputed = computeOwnership(again.structure, { subjectId, requireMandatoryRoles: false });
    expect(recomputed.beneficialOwners).toEqual(result.beneficialOwners);
  });

  it('direct ownership: Jennifer Hewitson-Smith owns all of Profitech Ltd, and keeps her other name', () => {
    const { imported, result } = analyse('bods-package.json');
    expect(owners(result)).toEqual([['Jennifer Hewitson-Smith', 100, 100]]);
    expect(imported.structure.nodes.find((n) => n.kind === 'person')).toMatchObject({ alternateNames: ['Jenny Hewitson-Smith'] });
    expect(owners(analyse('multiple-tax-residencies.json').result)).toEqual([['Logan Morton', 100, 100]]);
  });

  it('indirect ownership: Person 1 owns 30% of Company A through Company B', () => {
    const { result } = analyse('indirect-ownership.json');
    expect(owners(result)).toEqual([['Person 1', 30, 30]]);
    expect(result.beneficialOwners[0]).toMatchObject({ direct: { min: 0, max: 0 }, indirect: { min: 30, max: 30 } });
    expect(result.beneficialOwners[0]?.paths.map((p) => p.names)).toEqual([['Person 1', 'Company B', 'Company A']]);
  });

  it('joint ownership: Natalie Coleman and Roberto Lopez each own half of CHRINON LTD through the joint holding', () => {
    expect(owners(analyse('joint-ownership.json').result)).toEqual([
      ['Natalie Coleman', 50, 50],
      ['Roberto Lopez', 50, 50],
    ]);
  });

  it('mixed ownership: Person 1 owns 50% of Company A directly and 50% through Company B', () => {
    const { result } = analyse('mixed-direct-and-indirect-ownership.json');
    expect(owners(result)).toEqual([['Person 1', 100, 100]]);
    expect(result.beneficialOwners[0]).toMatchObject({ direct: { min: 50, max: 50 }, indirect: { min: 50, max: 50 } });
  });

  it('multiple indirect ownership: Person 1 owns 60% through two companies in both packages', () => {
    expect(owners(analyse('multiple-indirect-ownership.json').result)).toEqual([['Person 1', 60, 60]]);
    const second = analyse('mutilple-indirect-ownership-2.json').result;
    expect(owners(second)).toEqual([['Person 1', 60, 60]]);
    expect(second.beneficialOwners[0]?.paths.map((p) => [p.names[1], p.share.max])).toEqual([
      ['Company B', 40],
      ['Company C', 20],
    ]);
  });

  it('nomination: Silvia Teixeira Perez controls Los Corazones de Plata through her nominee, Vanessa Rivero is not an owner', () => {
    const { result } = analyse('nomination.json');
    expect(result.beneficialOwners.map((o) => [o.name, o.reasons])).toEqual([['Silvia Teixeira Perez', ['control']]]);
    const nominee = result.persons.find((p) => p.name === 'Vanessa Rivero');
    expect(nominee).toMatchObject({ isBeneficialOwner: false, controlRoles: [{ type: 'nominee', isDirect: true }] });
  });

  it('trust: the trustee, the settlor-trustee and the anonymous under-age beneficiary of the Levent Trust', () => {
    const { result } = analyse('levent.json');
    expect(result.beneficialOwners.map((o) => [o.name, o.personType, o.reasons])).toEqual([
      ['Andrew Anderson', 'knownPerson', ['trust']],
      ['Anonymous person (beneficiary is underage and therefore exempt from reporting)', 'anonymousPerson', ['trust']],
      ['Bella Buxton', 'knownPerson', ['trust']],
    ]);
    expect(result.beneficialOwners.find((o) => o.name === 'Bella Buxton')?.controlRoles.map((r) => r.type)).toEqual(['settlor', 'trustee']);
  });

  it('listed company: no beneficial owner, and the reason (exempt from disclosure) is kept', () => {
    const { imported, result } = analyse('listed-company-exempt-from-disclosure.json');
    expect(result.beneficialOwners).toEqual([]);
    expect(imported.structure.nodes.find((n) => n.kind === 'entity')).toMatchObject({ publicListing: { hasPublicListing: true } });
    expect(result.ultimateEntityOwners).toEqual([
      expect.objectContaining({
        kind: 'unspecified',
        unspecified: {
          reason: 'subjectExemptFromDisclosure',
          description: 'Exempt from disclosure as a company listed on a recognised stock exchange',
        },
      }),
    ]);
    expect(result.problems.map((p) => p.message)).toEqual([
      'No natural person is identified as a beneficial owner of Listed Company OS-17 (the owners are not disclosed: Exempt from disclosure as a company listed on a recognised stock exchange); record a senior managing official or the reason no beneficial owner exists.',
    ]);
  });

  it('PEP declarations: Michael Hubbard holds 25–50% of shares and votes and is a declared PEP', () => {
    for (const file of ['simple-pep-declaration.json', 'full-pep-declaration.json']) {
      const { result } = analyse(file);
      expect(owners(result)).toEqual([['Michael Hubbard', 25, 50]]);
      expect(result.beneficialOwners[0]).toMatchObject({ reasons: ['ownership', 'voting'], politicalExposure: { status: 'isPep' } });
    }
    expect(analyse('full-pep-declaration.json').result.beneficialOwners[0]?.politicalExposure?.details?.[0]).toMatchObject({
      reason: 'Member of Parliament',
      startDate: '2017-10-15',
    });
  });

  it('a history of statements ends with Patrick O’Donohue as the sole owner of Fermcat Ltd', () => {
    const { result } = analyse('fermcat.json');
    expect(owners(result)).toEqual([["Patrick O'Donohue", 100, 100]]);
    expect(result.persons.map((p) => p.name)).toEqual(["Patrick O'Donohue"]);
  });

  it('Tecido Ltd ends up 80% held by the Shear Trust company after Maria Esteves left', () => {
    const { result } = analyse('tecido.json');
    expect(result.beneficialOwners).toEqual([]);
    expect(result.ultimateEntityOwners.map((o) => [o.name, o.ownership.min])).toEqual([['Shear Trust', 80]]);
  });

  it('state ownership: Gasgrid Finland Oy is wholly held by the Finnish finance ministry, directly and through Suomen Kaasuverkko', () => {
    const { result } = analyse('bods-package-fi-soe.json');
    expect(result.beneficialOwners).toEqual([]);
    expect(result.ultimateEntityOwners.map((o) => [o.name, o.ownership.min, o.paths.length])).toEqual([['Valtiovarainministerio', 100, 2]]);
  });

  it('ranges and annotations: Jeremy Hunt holds more than 25% of Mare Pond Properties, and the notes are kept', () => {
    const { imported, result } = analyse('bods-package-linking-annotations.json');
    expect(owners(result)).toEqual([['Mr Jeremy Hunt', 25, 50]]);
    expect(imported.structure.edges[0]?.annotations?.map((a) => a.motivation)).toEqual(['commenting', 'linking']);
    expect(owners(analyse('bods-package-entity-owning-entity.json').result)).toEqual([]);
    expect(analyse('bods-package-annotations.json').imported.structure.edges[0]?.annotations?.[0]?.description).toContain(
      'Manually reconciled',
    );
  });
});
