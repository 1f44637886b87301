import { defineConfig } from 'vitest/config';

// Each workspace brings its own vitest.config.ts; the root lists them so that `npm test` runs
// everything in one pass. With TEST_DATABASE_URL set, the server's database tests run a second
// time against that PostgreSQL server.
export default defineConfig({
  test: {
    projects: [
      'packages/*',
      'tools',
      'apps/web',
      { extends: './apps/server/vitest.config.ts', test: { name: 'server', root: './apps/server', env: { SANAD_TEST_DB: 'pglite' } } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              extends: './apps/server/vitest.config.ts',
              test: {
                name: 'server-pg',
                root: './apps/server',
                include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
                env: { SANAD_TEST_DB: 'postgres' },
              },
            },
          ]
        : []),
    ],
  },
});
