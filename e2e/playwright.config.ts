import { defineConfig } from '@playwright/test';
import { BASE_URL } from './support/server-settings.ts';

const isCi = Boolean(process.env.CI);

/**
 * The e2e lane (design.md §6): the real server and the built console in Debian's Chromium.
 * `npm run test:e2e` builds the console first.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: './test-results',
  fullyParallel: false,
  // Two browsers at most, and only for the walks: see the projects below.
  workers: 2,
  retries: isCi ? 1 : 0,
  forbidOnly: isCi,
  reporter: 'list',
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    locale: 'en-US',
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
  projects: [
    {
      // The screens' tests change settings, features and contents of the one demo community: one at a
      // time, so none sees another's half-done change.
      name: 'screens',
      testIgnore: /tabs\.spec\.ts$/,
      workers: 1,
    },
    {
      // The walks through every tab only read, so two run side by side (each walk is minutes of axe
      // work in the browser, which the second core takes): after the screens, so no setting changes
      // under them.
      name: 'walks',
      testMatch: /tabs\.spec\.ts$/,
      dependencies: ['screens'],
      fullyParallel: true,
      workers: 2,
    },
  ],
  webServer: {
    command: 'node --import tsx e2e/start-server.ts',
    cwd: '..',
    url: `${BASE_URL}/docs`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
  },
});
