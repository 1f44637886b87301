import { defineProject } from 'vitest/config';

/** Checks of the repository as a whole: boundaries, installed engines. */
export default defineProject({ test: { name: 'tools', include: ['**/*.test.ts'], testTimeout: 60_000 } });
