import { defineConfig } from 'vitest/config';

// Each workspace brings its own vitest.config.ts (environment, setup, timeouts);
// the root only lists them so that `npm test` runs everything in one pass.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
