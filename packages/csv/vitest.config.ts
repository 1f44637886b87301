import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'csv',
    include: ['src/**/*.test.ts'],
  },
});
