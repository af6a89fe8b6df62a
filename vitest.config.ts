import { defineConfig } from 'vitest/config';

// One runner, the lanes of design.md §6: unit + api (server, node), console (jsdom), the member site.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'server',
          root: './apps/server',
          environment: 'node',
          include: ['src/**/*.test.ts'],
          // One migrated database for the run, loaded by every test app (test-support/database-template.ts).
          globalSetup: ['./src/test-support/database-template.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'contract',
          root: './packages/contract',
          environment: 'node',
          include: ['src/**/*.test.ts'],
        },
      },
      {
        test: {
          // SelfCommunity's published SDK against the real server listening on HTTP.
          name: 'compat',
          root: './e2e',
          environment: 'node',
          include: ['compat/**/*.test.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'community',
          root: './apps/community',
          environment: 'node',
          include: ['src/**/*.test.{ts,tsx}'],
        },
      },
      {
        test: {
          name: 'console',
          root: './apps/console',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
          // A screen test renders, waits and clicks through a whole flow; on a loaded machine (CI runs
          // beside other work) 5 s is not enough for the slowest, and a wait is not what they test.
          testTimeout: 30000,
        },
      },
    ],
  },
});
