import { defineConfig } from 'vitest/config';

// The cluster proof (issue 17 §4): run only by `npm run test:cluster` (scripts/test-cluster.sh), which
// starts PostgreSQL and PgBouncer and passes their URLs; the test starts Agora's processes itself.
export default defineConfig({
  test: {
    name: 'cluster',
    root: '.',
    environment: 'node',
    include: ['cluster/**/*.test.ts'],
    testTimeout: 200_000,
    hookTimeout: 120_000,
    pool: 'forks',
    fileParallelism: false,
  },
});
