import { defineProject } from 'vitest/config';

/**
 * Unit, API and database tests sit beside the code in src. The root config runs them a second time
 * against PostgreSQL when TEST_DATABASE_URL is set (project server-pg).
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Test files share a worker's loaded modules: each file still gets its own database and app
    // (test-support/test-app.ts), and importing the server once per worker instead of once per
    // file halves the run.
    isolate: false,
  },
});
