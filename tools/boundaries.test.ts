import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { cruise, type IConfiguration, type ICruiseResult } from 'dependency-cruiser';
import { findSectionReferences, scanForSectionReferences } from './section-references';
import { findSqlCalls, scanServerForSql } from './sql-boundary';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')) as IConfiguration;
const RULE_NAMES = (config.forbidden ?? []).map((rule) => rule.name);

/** Each rule with a smallest tree that breaks it: file → the files it imports. */
const VIOLATIONS: Record<string, Record<string, string[]>> = {
  'no-cycles': { 'apps/web/src/lib/a.ts': ['./b'], 'apps/web/src/lib/b.ts': ['./a'] },
  'packages-never-import-apps': { 'packages/contracts/src/x.ts': ['../../../apps/server/src/y'], 'apps/server/src/y.ts': [] },
  'engines-stay-pure': { 'packages/risk/src/x.ts': ['../../contracts/src/y'], 'packages/contracts/src/y.ts': [] },
  'web-features-are-independent': { 'apps/web/src/features/a/x.ts': ['../b/y'], 'apps/web/src/features/b/y.ts': [] },
  'web-features-never-import-app': { 'apps/web/src/features/a/x.ts': ['../../app/routes'], 'apps/web/src/app/routes.ts': [] },
  'web-shared-code-is-below-features': { 'apps/web/src/components/c.ts': ['../features/a/x'], 'apps/web/src/features/a/x.ts': [] },
  'web-lib-has-no-ui': { 'apps/web/src/lib/l.ts': ['../components/c'], 'apps/web/src/components/c.ts': [] },
  'server-platform-knows-no-module': {
    'apps/server/src/platform/p.ts': ['../modules/m/m.service'],
    'apps/server/src/modules/m/m.service.ts': [],
  },
  'server-modules-meet-through-services': {
    'apps/server/src/modules/a/a.service.ts': ['../b/b.repository'],
    'apps/server/src/modules/b/b.repository.ts': [],
  },
  'server-sql-only-in-repositories': {
    'apps/server/src/modules/a/a.service.ts': ['../../platform/db/query-builder'],
    'apps/server/src/platform/db/query-builder.ts': [],
  },
  'no-test-code-in-production': { 'apps/server/src/x.ts': ['../test/helper'], 'apps/server/test/helper.ts': [] },
};

const scratch: string[] = [];
afterAll(() => {
  for (const dir of scratch) rmSync(dir, { recursive: true, force: true });
});

async function violationsOf(tree: Record<string, string[]>): Promise<string[]> {
  const base = mkdtempSync(path.join(tmpdir(), 'sanad-boundaries-'));
  scratch.push(base);
  for (const [file, imports] of Object.entries(tree)) {
    mkdirSync(path.join(base, path.dirname(file)), { recursive: true });
    writeFileSync(
      path.join(base, file),
      `${imports.map((target, index) => `import * as m${index} from '${target}';\nvoid m${index};`).join('\n')}\nexport const here = 1;\n`,
    );
  }
  const { forbidden } = config;
  const result = await cruise(
    ['apps', 'packages'].filter((dir) => Object.keys(tree).some((file) => file.startsWith(dir))),
    {
      baseDir: base,
      validate: true,
      ruleSet: { forbidden },
      tsPreCompilationDeps: true,
      enhancedResolveOptions: { extensions: ['.ts', '.tsx'] },
    },
  );
  return [...new Set((result.output as ICruiseResult).summary.violations.map((violation) => violation.rule.name))];
}

describe('the dependency rules', () => {
  it('has a failing example for every rule', () => {
    expect(Object.keys(VIOLATIONS).toSorted()).toEqual(RULE_NAMES.toSorted());
  });

  for (const [rule, tree] of Object.entries(VIOLATIONS)) {
    it(`fails on a violation of ${rule}`, async () => {
      expect(await violationsOf(tree)).toContain(rule);
    });
  }

  it('accepts what the rules allow: a feature importing lib, a service importing another module’s service', async () => {
    const allowed = await violationsOf({
      'apps/web/src/features/a/x.ts': ['../../lib/api', '../../components/c'],
      'apps/web/src/lib/api.ts': [],
      'apps/web/src/components/c.ts': ['../lib/api'],
      'apps/server/src/modules/a/a.service.ts': ['../b/b.service', './a.repository'],
      'apps/server/src/modules/a/a.repository.ts': ['../../platform/db/query-builder'],
      'apps/server/src/modules/b/b.service.ts': [],
      'apps/server/src/platform/db/query-builder.ts': [],
    });
    expect(allowed).toEqual([]);
  });
});

describe('SQL outside repositories', () => {
  it('finds none in the server', () => {
    expect(scanServerForSql(ROOT)).toEqual([]);
  });

  it('flags a query, a queryOne and a tagged sql template outside a repository', () => {
    const source = "await db.query('select 1');\nconst row = await queryOne<{ a: number }>(db, 'select 1');\nconst e = sql`now()`;";
    expect(findSqlCalls('apps/server/src/modules/a/a.service.ts', source).map((violation) => violation.line)).toEqual([1, 2, 3]);
    expect(findSqlCalls('apps/server/src/modules/a/a.repository.ts', source)).toEqual([]);
    expect(findSqlCalls('apps/server/src/modules/a/a.routes.ts', 'const q = request.query;')).toEqual([]);
  });
});

describe('comments that point into the specification', () => {
  it('finds none in the sources', () => {
    expect(scanForSectionReferences(ROOT)).toEqual([]);
  });

  it('flags a spec section and keeps a published standard', () => {
    const source = '// the pen of 000 \u00a79\n// a filler may be its check digit (ICAO 9303-3 \u00a74.9)';
    expect(findSectionReferences('apps/web/src/x.ts', source).map((found) => found.line)).toEqual([1]);
  });
});
