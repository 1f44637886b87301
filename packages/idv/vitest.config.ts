import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'idv',
    include: ['src/**/*.test.ts'],
  },
});
