/**
 * The boundaries of the code, checked by `npm run lint` (dependency-cruiser). Each rule states a
 * layering the architecture relies on; tools/boundaries.test.ts proves that each one fails on a
 * violation. docs/ARCHITECTURE.md explains why each exists.
 */
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Import cycles make load order matter and hide which part depends on which.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-never-import-apps',
      comment: 'Engines and contracts are shared by the server, the web app and the CLIs; they cannot know either app.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'engines-stay-pure',
      comment: 'Engines know nothing of HTTP, the database or the contracts of the API: data in, result out.',
      severity: 'error',
      from: { path: '^packages/(screening|risk|idv|kyb)/' },
      to: { path: '^packages/contracts/|node_modules/(fastify|pg|@electric-sql|kysely|pg-boss)/' },
    },
    {
      name: 'web-features-are-independent',
      comment: 'A feature never imports another feature: shared code moves to components/ or lib/.',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-features-never-import-app',
      comment: 'app/ assembles the features (router, shell); features cannot reach back into it.',
      severity: 'error',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/app/' },
    },
    {
      name: 'web-shared-code-is-below-features',
      comment: 'components/ and lib/ are shared by every feature, so they import neither features nor app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-has-no-ui',
      comment: 'lib/ holds the API client, session and formatting; UI components sit in components/.',
      severity: 'error',
      from: { path: '^apps/web/src/lib/' },
      to: { path: '^apps/web/src/components/' },
    },
    {
      name: 'server-platform-knows-no-module',
      comment: 'platform/ is cross-cutting and holds no business rules; modules build on it, never the reverse.',
      severity: 'error',
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/(modules/|composition)' },
    },
    {
      name: 'server-modules-meet-through-services',
      comment: 'A module uses another module only through its service (or the ports it exposes), never its repository, routes or jobs.',
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/',
        pathNot: ['^apps/server/src/modules/$1/', '[.](service|port|events)[.]ts$'],
      },
    },
    {
      name: 'server-sql-only-in-repositories',
      comment: 'Only repositories (and platform/db itself) build SQL: everything else asks a repository.',
      severity: 'error',
      from: {
        path: '^apps/server/src/',
        pathNot: ['[.]repository[.]ts$', '^apps/server/src/platform/db/', '^apps/server/src/db/', '[.]test[.]ts$'],
      },
      to: { path: 'node_modules/kysely/|^apps/server/src/platform/db/(query-builder|list-sql)[.]ts$' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Test helpers and fixtures are imported by tests only.',
      severity: 'error',
      from: { path: '^(apps|packages)/[^/]+/src/', pathNot: '[.](test|fixture)[.]tsx?$|/test-support/' },
      to: { path: '[.](test|fixture)[.]tsx?$|/test-support/|^apps/server/test/|^test-support/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
