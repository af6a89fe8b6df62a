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
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Papa from 'papaparse';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';
import { signIn } from '../apps/server/src/test-support/fixtures.ts';
import { MULTIPART_TYPE, multipartBody } from '../apps/server/src/test-support/fuzz-requests.ts';
import { newInviteCode } from '../apps/server/src/modules/invitations/invitations.service.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

const ROWS = 5000;
const REPEAT = integer('BENCH_REPEAT', 5);
const TARGET_MS = 2000;
const ADMIN_EMAIL = 'bench@agora.test';
const ADMIN_PASSWORD = 'bench-correct-horse-battery';

function integer(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer (got ${raw})`);
  return value;
}

interface Database {
  label: string;
  open(): Promise<DatabaseHandle>;
  cleanup(): Promise<void>;
}

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

async function measure(database: Database): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agora-bench-invitations-'));
  const handle = await database.open();
  try {
    await bootstrap(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    const { id: stackId } = await handle.db
      .selectFrom('stacks')
      .select('id')
      .where('slug', '=', 'demo')
      .executeTakeFirstOrThrow();
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
    const config = loadConfig({
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
    });
    const app = await buildApp({
      config,
      db: handle.db,
      writes: handle.writes,
      throttle: { windowSeconds: 900, perAccount: 1e9, perIp: 1e9 },
    });
    await app.ready();
    try {
      const admin = await signIn(app, 'admin', ADMIN_PASSWORD);
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
      await app.close();
    }
  } finally {
    await handle.close();
    await fs.rm(dataDir, { recursive: true, force: true });
    await database.cleanup();
  }
}

async function pglite(): Promise<Database> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agora-bench-invitations-pglite-'));
  return {
    label: 'PGlite (temporary directory)',
    open: () => openDatabase({ pgliteDir: dir }),
    cleanup: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** A fresh database on BENCH_DATABASE_URL's server or on a throw-away cluster; dropped at the end. */
async function postgres(): Promise<Database | undefined> {
  if (process.env.BENCH_POSTGRES === 'off') return undefined;
  let serverUrl = process.env.BENCH_DATABASE_URL;
  let stop = () => {};
  let label = 'PostgreSQL (BENCH_DATABASE_URL)';
  if (!serverUrl) {
    const cluster = await startThrowawayPostgres();
    if (!cluster) {
      console.log('\nPostgreSQL is not installed and BENCH_DATABASE_URL is not set: PostgreSQL skipped.');
      return undefined;
    }
    serverUrl = cluster.url;
    stop = cluster.stop;
    label = `${cluster.version}, throw-away cluster`;
  }
  const name = `agora_bench_invitations_${process.pid}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label,
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async cleanup() {
      const again = new pg.Client({ connectionString: serverUrl });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
      stop();
    },
  };
}

async function run(database: Database): Promise<void> {
  console.log(`\n${database.label}:`);
  await measure(database);
}

console.log(
  `\nInvitation import: ${ROWS.toLocaleString('en')} CSV rows; median and p95 of ${REPEAT} runs after a warm-up; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs`,
);
if (process.env.BENCH_PGLITE !== 'off') await run(await pglite());
const pgDatabase = await postgres();
if (pgDatabase) await run(pgDatabase);
console.log(
  '\nratio = median / the plain multi-row INSERT of the same rows in the same database (no parsing, no checks). ' +
    'Compare ratios, not absolute numbers.',
);
