import { defineConfig } from 'vitest/config';

// One runner, the lanes of design.md §6: unit + api (server, node), console (jsdom), the member site.
// The server's lane (unit + api): one migrated database for the run, loaded by every test app
// (test-support/database-template.ts).
const SERVER = {
  root: './apps/server',
  environment: 'node',
  globalSetup: ['./src/test-support/database-template.ts'],
  testTimeout: 30000,
  hookTimeout: 60000,
  pool: 'forks',
} as const;

export default defineConfig({
  test: {
    // Two files at a time (vitest's default is one fewer than the CPUs: one, on a 2-CPU machine).
    // Most tests wait on a database, a socket or a child process, so two keep both CPUs busy.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...SERVER,
          name: 'server',
          include: ['src/**/*.test.ts'],
          exclude: ['src/**/*.kill.test.ts'],
          // Server test files share their worker's loaded modules: each builds its own app and database
          // and none mocks a module or changes the environment, so a fresh module graph per file bought
          // nothing but a third of the lane's time in imports.
          isolate: false,
        },
      },
      {
        test: {
          ...SERVER,
          // The SIGKILL proofs (email and webhook delivery) run last and alone: the instant a killed
          // worker can lose (ADR 0024) widens when other files compete for the CPUs, and they assert
          // what happens outside it.
          name: 'server-kill',
          include: ['src/**/*.kill.test.ts'],
          maxWorkers: 1,
          sequence: { groupOrder: 1 },
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
