import { defineProject } from 'vitest/config';
import react from '@vitejs/plugin-react';

export default defineProject({
  plugins: [react()],
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // One jsdom per worker instead of one per test file (test-setup.ts cleans up after each test):
    // the run takes seconds instead of minutes.
    isolate: false,
  },
});
