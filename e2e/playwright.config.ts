import { defineConfig } from '@playwright/test';
import { BASE_URL, CHROMIUM_ARGS, CHROMIUM_PATH } from './environment';

/**
 * Browser tests drive the built app (npm run build) in the system Chromium
 * (apt-get install -y chromium fonts-liberation fonts-noto-core); Playwright never downloads a browser here.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/e2e',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: BASE_URL,
    screenshot: 'only-on-failure',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: [...CHROMIUM_ARGS],
    },
  },
});
