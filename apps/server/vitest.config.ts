import { defineProject } from 'vitest/config';

/**
 * Unit tests sit beside the code in src; API and database tests in test/. The root config runs
 * test/ a second time against PostgreSQL when TEST_DATABASE_URL is set (project server-pg).
 */
export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
