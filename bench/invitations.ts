/**
 * Invitation import benchmark (issue 14 §6; design.md §6: timings live here, never in tests). Times the
 * console's CSV import of 5,000 rows (`POST /c/demo/platform/api/v1/invitations/import/`, multipart,
 * through app.inject: parsing, checks against members and invitations, tags by name, one transaction
 * of multi-row inserts) beside two baselines measured in the same run on the same rows: papaparse alone
 * on the file, and a plain multi-row INSERT of the same rows (1,000 a statement, no checks).
 * Target: ≤ 2 s on the embedded database (PGlite).
 *
 * Databases: PGlite in a temporary directory, then PostgreSQL — BENCH_DATABASE_URL's server (a fresh
 * database created and dropped) or a throw-away cluster (bench/throwaway-postgres.ts);
 * BENCH_POSTGRES=off skips it, BENCH_PGLITE=off skips PGlite. BENCH_REPEAT: timed runs per case after
 * one warm-up (default 5; median and p95 printed).
 */
import os from 'node:os';
import Papa from 'papaparse';
import { signIn } from '../apps/server/src/test-support/fixtures.ts';
import { MULTIPART_TYPE, multipartBody } from '../apps/server/src/test-support/fuzz-requests.ts';
import { newInviteCode } from '../apps/server/src/modules/invitations/invitations.service.ts';
import { BENCH_ADMIN_PASSWORD, bootstrapDemo, startBenchApp } from './bench-community.ts';
import { integerSetting, onEachDatabase, type BenchDatabase } from './bench-databases.ts';

const ROWS = 5000;
const REPEAT = integerSetting('BENCH_REPEAT', 5);
const TARGET_MS = 2000;

/** 5,000 rows, every third with two tags and a category, every fifth with a role. */
function csvOf(prefix: string): string {
  const roles = ['', 'editor', '', 'moderator', ''];
  const rows = Array.from({ length: ROWS }, (_, i) => {
    const tags = i % 3 === 0 ? 'Gold|Silver' : '';
    const categories = i % 3 === 0 ? 'News' : '';
    return `"Person ${i}, ${prefix}",${prefix}${i}@bench.test,${prefix}${i},${roles[i % 5]},${tags},${categories}`;
  });
  return ['name,email,username,role,tags,categories', ...rows].join('\r\n');
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const p95 = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.95) - 1)] ?? 0;

async function time(run: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

async function measure(database: BenchDatabase): Promise<void> {
  const handle = await database.open();
  try {
    const stackId = await bootstrapDemo(handle);
    await handle.db
      .insertInto('tags')
      .values([
        { stack_id: stackId, type: 'user', name: 'Gold' },
        { stack_id: stackId, type: 'user', name: 'Silver' },
      ])
      .execute();
    await handle.db
      .insertInto('categories')
      .values({ stack_id: stackId, name: 'News', slug: 'news' })
      .execute();
    const server = await startBenchApp(handle, 'invitations');
    const { app } = server;
    try {
      const admin = await signIn(app, 'admin', BENCH_ADMIN_PASSWORD);
      let run = 0;
      const importOnce = async () => {
        const csv = csvOf(`r${run++}x`);
        const res = await app.inject({
          method: 'POST',
          url: '/c/demo/platform/api/v1/invitations/import/',
          headers: { ...admin.bearer, 'content-type': MULTIPART_TYPE },
          payload: multipartBody([], { field: 'file', bytes: Buffer.from(csv) }),
        });
        const body = res.json<{ data?: { imported: number } }>();
        if (res.statusCode !== 200 || body.data?.imported !== ROWS) {
          throw new Error(`import answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
        }
      };
      const parseOnce = async () => {
        const parsed = Papa.parse<string[]>(csvOf(`p${run++}x`), { skipEmptyLines: 'greedy' });
        if (parsed.data.length !== ROWS + 1) throw new Error('papaparse lost rows');
      };
      const insertOnce = async () => {
        const prefix = `b${run++}x`;
        const values = Array.from({ length: ROWS }, (_, i) => ({
          stack_id: stackId,
          name: `Person ${i}`,
          email: `${prefix}${i}@bench.test`,
          username: `${prefix}${i}`,
          role: i % 5 === 1 ? 'editor' : null,
          tag_ids: [],
          category_ids: [],
          code: newInviteCode(),
          created_at: new Date(),
        }));
        await handle.db.transaction().execute(async (trx) => {
          for (let i = 0; i < values.length; i += 1000) {
            await trx
              .insertInto('invitations')
              .values(values.slice(i, i + 1000))
              .execute();
          }
        });
      };
      const cases: [string, () => Promise<void>][] = [
        ['CSV import, 5,000 rows (the route)', importOnce],
        ['baseline: papaparse alone', parseOnce],
        ['baseline: plain multi-row INSERT', insertOnce],
      ];
      const results: { name: string; median: number; p95: number }[] = [];
      for (const [name, once] of cases) {
        await once();
        const times: number[] = [];
        for (let i = 0; i < REPEAT; i++) times.push(await time(once));
        results.push({ name, median: median(times), p95: p95(times) });
      }
      const insert = results[2]?.median ?? 1;
      for (const r of results) {
        console.log(
          `  ${r.name.padEnd(40)} median ${r.median.toFixed(0).padStart(6)} ms  p95 ${r.p95.toFixed(0).padStart(6)} ms  ` +
            `ratio to the plain INSERT ${(r.median / insert).toFixed(2)}`,
        );
      }
      const route = results[0]?.median ?? 0;
      console.log(
        `  target ≤ ${TARGET_MS} ms: ${route <= TARGET_MS ? 'met' : 'NOT met'} (${route.toFixed(0)} ms)`,
      );
    } finally {
      await server.close();
    }
  } finally {
    await handle.close();
  }
}

console.log(
  `\nInvitation import: ${ROWS.toLocaleString('en')} CSV rows; median and p95 of ${REPEAT} runs after a warm-up; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs`,
);
await onEachDatabase('invitations', measure);
console.log(
  '\nratio = median / the plain multi-row INSERT of the same rows in the same database (no parsing, no checks). ' +
    'Compare ratios, not absolute numbers.',
);
