import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'kyb',
    include: ['src/**/*.test.ts'],
  },
});
