/**
 * Analytics benchmark (design.md §6: timings live here, never in tests). Generates a large community
 * once with the deterministic activity generator (100 000 members, ~5.8 M events by default), then
 * times every dashboard query through the Cube-compatible engine (`/cubejs-api/v1/load` via
 * app.inject, token from `auth/community_signin/`) beside a hand-written SQL statement for the same
 * number, on the embedded database (PGlite, cached in bench/.cache/) and, when BENCH_DATABASE_URL
 * is set, on that PostgreSQL server (a database `agora_bench_<key>` created and kept there). Both
 * must return the same numbers; a mismatch makes the command fail.
 *
 * Settings (environment): BENCH_USERS (default 100000), BENCH_DAYS (365), BENCH_SEED (42),
 * BENCH_END (last day of the period, 2026-11-20), BENCH_REPEAT (timed runs per query after one
 * warm-up, default 5; the median is printed), BENCH_TIME_LIMIT (seconds for the measurements of
 * one database, default 300; queries past it are reported as skipped), BENCH_DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';
import { generateActivity, hasActivity } from '../apps/server/src/seed/activity-generator.ts';
import { integerSetting } from './bench-databases.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const USERS = integerSetting('BENCH_USERS', 100_000);
const DAYS = integerSetting('BENCH_DAYS', 365);
const SEED = integerSetting('BENCH_SEED', 42);
const END_DAY = process.env.BENCH_END || '2026-11-20';
const REPEAT = integerSetting('BENCH_REPEAT', 5);
const TIME_LIMIT_S = integerSetting('BENCH_TIME_LIMIT', 300);
const ADMIN_EMAIL = 'bench@agora.test';
const ADMIN_PASSWORD = 'bench-correct-horse-battery';
const DAY = 86_400_000;

if (!/^\d{4}-\d{2}-\d{2}$/.test(END_DAY)) throw new Error(`BENCH_END must be YYYY-MM-DD (got ${END_DAY})`);
const END = new Date(Date.parse(`${END_DAY}T00:00:00Z`) + DAY); // exclusive
const FIRST_DAY = new Date(END.getTime() - DAYS * DAY).toISOString().slice(0, 10);
const RANGE = [FIRST_DAY, END_DAY] as const;
/** The dashboard's period as the console sends it: whole days, inclusive. */
const RANGE_SQL = `created_at >= '${FIRST_DAY}T00:00:00Z' AND created_at < '${END.toISOString()}'`;

/** The data set's identity: sizes, seed and the generator's and schema's source. */
async function datasetKey(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of [
    'apps/server/src/seed/activity-generator.ts',
    'apps/server/src/seed/activity-writer.ts',
    'apps/server/src/seed/prng.ts',
    'apps/server/src/platform/db/migrations/checksums.json',
  ]) {
    hash.update(await fs.readFile(path.join(here, '..', file)));
  }
  return `u${USERS}-d${DAYS}-s${SEED}-e${END_DAY.replaceAll('-', '')}-${hash.digest('hex').slice(0, 10)}`;
}

interface Community {
  handle: DatabaseHandle;
  stackId: number;
  label: string;
}

async function demoStackId(handle: DatabaseHandle): Promise<number> {
  await bootstrap(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
  const row = await handle.db
    .selectFrom('stacks')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function generate(handle: DatabaseHandle, stackId: number, where: string): Promise<void> {
  console.log(`Generating ${USERS} members over ${DAYS} days (seed ${SEED}) on ${where} …`);
  let next = 0.25;
  const result = await generateActivity(handle.db, stackId, {
    users: USERS,
    days: DAYS,
    seed: SEED,
    endDate: END,
    onProgress: (day, days, rows) => {
      if (day / days >= next) {
        process.stdout.write(`  ${Math.round((100 * day) / days)} % (${rows.toLocaleString('en')} rows)\n`);
        next += 0.25;
      }
    },
  });
  console.log(
    `  ${result.rows.toLocaleString('en')} rows (${result.events.toLocaleString('en')} events) in ` +
      `${(result.ms / 1000).toFixed(1)} s (${Math.round(result.rows / (result.ms / 1000)).toLocaleString('en')} rows/s)`,
  );
  await handle.db.executeQuery(CompiledQuery.raw('ANALYZE'));
}

/** PGlite in bench/.cache/<key>/: generated once, reused by later runs. */
async function pgliteCommunity(key: string): Promise<Community> {
  const cacheDir = path.join(here, '.cache');
  const dir = path.join(cacheDir, `pglite-${key}`);
  const ready = await fs
    .stat(path.join(dir, 'PG_VERSION'))
    .then(() => true)
    .catch(() => false);
  if (!ready) {
    await fs.mkdir(cacheDir, { recursive: true });
    const building = `${dir}.building-${process.pid}`;
    await fs.rm(building, { recursive: true, force: true });
    const handle = await openDatabase({ pgliteDir: building });
    await generate(handle, await demoStackId(handle), `PGlite (${path.relative(process.cwd(), dir)})`);
    await handle.close();
    await fs.rename(building, dir);
  } else {
    console.log(`Reusing the generated data set in ${path.relative(process.cwd(), dir)}`);
  }
  const handle = await openDatabase({ pgliteDir: dir });
  return { handle, stackId: await demoStackId(handle), label: 'PGlite' };
}

/** A database agora_bench_<key> on BENCH_DATABASE_URL's server, kept between runs. */
async function postgresCommunity(serverUrl: string, key: string): Promise<Community | null> {
  const name = `agora_bench_${key.replaceAll('-', '_')}`.toLowerCase();
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    console.log(
      `\nPostgreSQL at BENCH_DATABASE_URL is not reachable (${(error as Error).message}): skipped.`,
    );
    return null;
  }
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const stackId = await demoStackId(handle);
  if (!(await hasActivity(handle.db, stackId)))
    await generate(handle, stackId, `PostgreSQL (database ${name})`);
  else console.log(`Reusing the generated data set in the PostgreSQL database ${name}`);
  return { handle, stackId, label: 'PostgreSQL' };
}

// --- The queries: the engine's Cube query and the same number in hand-written SQL ---

type Numbers = Map<string, number>;

interface Case {
  name: string;
  cube: Record<string, unknown>;
  /** SQL with $1 = stack id, answering rows {k, v} (k '' for a single number). */
  sql: string;
  /** Part of the console's default dashboard (counters + registrations and contributions charts). */
  dashboard: boolean;
}

const counter = (name: string, measure: string, sql: string, timeDimension?: string): Case => ({
  name,
  cube: {
    measures: [measure],
    ...(timeDimension ? { timeDimensions: [{ dimension: timeDimension, dateRange: RANGE }] } : {}),
  },
  sql: `SELECT '' AS k, ${sql}`,
  dashboard: name !== 'connectionsCount',
});

const week = (column: string) =>
  `to_char(date_trunc('week', ${column} AT TIME ZONE 'UTC'), 'YYYY-MM-DD"T"HH24:MI:SS.MS')`;

const series = (
  name: string,
  measure: string,
  timeDimension: string,
  table: string,
  where = '',
  dashboard = false,
  column = 'created_at',
): Case => ({
  name,
  cube: {
    measures: [measure],
    timeDimensions: [{ dimension: timeDimension, dateRange: RANGE, granularity: 'week' }],
  },
  sql: `SELECT ${week(column)} AS k, count(*)::int AS v FROM ${table}
        WHERE stack_id = $1 ${where} AND ${RANGE_SQL.replaceAll('created_at', column)} GROUP BY 1`,
  dashboard,
});

const CASES: Case[] = [
  counter('postsCount', 'Contributions.count', 'count(*)::int AS v FROM contributions WHERE stack_id = $1'),
  counter('votesReceivedCount', 'Votes.count', 'count(*)::int AS v FROM votes WHERE stack_id = $1'),
  counter('commentsCount', 'Comments.count', 'count(*)::int AS v FROM comments WHERE stack_id = $1'),
  counter('connectionsCount', 'Connections.count', 'count(*)::int AS v FROM connections WHERE stack_id = $1'),
  counter('followersCount', 'Follows.count', 'count(*)::int AS v FROM follows WHERE stack_id = $1'),
  counter(
    'totalUsersCount',
    'Users.count',
    'count(*)::int AS v FROM community_users WHERE stack_id = $1 AND role IS NULL',
  ),
  counter(
    'newRegistrationCount',
    'Users.newRegistrations',
    `count(*)::int AS v FROM community_users WHERE stack_id = $1 AND role IS NULL AND ${RANGE_SQL}`,
    'Users.registeredAt',
  ),
  counter(
    'usersWithAtLeastOnePostCount',
    'Contributions.contributors',
    'count(DISTINCT author_id)::int AS v FROM contributions WHERE stack_id = $1',
  ),
  series(
    'registrations / week',
    'Users.newRegistrations',
    'Users.registeredAt',
    'community_users',
    'AND role IS NULL',
    true,
  ),
  series('contributions / week', 'Contributions.count', 'Contributions.createdAt', 'contributions'),
  {
    name: 'contributions by type / week',
    cube: {
      measures: [
        'Contributions.posts',
        'Contributions.discussions',
        'Contributions.statuses',
        'Contributions.polls',
      ],
      timeDimensions: [{ dimension: 'Contributions.createdAt', dateRange: RANGE, granularity: 'week' }],
    },
    sql: `SELECT ${week('created_at')} || ' ' || type AS k, count(*)::int AS v FROM contributions
          WHERE stack_id = $1 AND ${RANGE_SQL} GROUP BY ${week('created_at')}, type`,
    dashboard: true,
  },
  series('comments / week', 'Comments.count', 'Comments.createdAt', 'comments'),
  series('appreciations / week', 'Votes.count', 'Votes.createdAt', 'votes'),
  {
    name: 'unique accesses / week',
    cube: {
      measures: ['Logins.uniqueUsers'],
      timeDimensions: [{ dimension: 'Logins.at', dateRange: RANGE, granularity: 'week' }],
    },
    sql: `SELECT ${week('at')} AS k, count(DISTINCT user_id)::int AS v FROM logins
          WHERE stack_id = $1 AND ${RANGE_SQL.replaceAll('created_at', 'at')} GROUP BY 1`,
    dashboard: false,
  },
];

const TYPE_OF: Record<string, string> = {
  'Contributions.posts': 'post',
  'Contributions.discussions': 'discussion',
  'Contributions.statuses': 'status',
  'Contributions.polls': 'poll',
};

/** The engine's rows as {key → number}: '' for a total, the week (and type) for series; zeros dropped. */
function engineNumbers(data: Record<string, unknown>[], measures: string[]): Numbers {
  const out: Numbers = new Map();
  for (const row of data) {
    const weekKey = Object.entries(row).find(([k]) => k.endsWith('.week'))?.[1];
    for (const measure of measures) {
      const value = Number(row[measure] ?? 0);
      if (value === 0) continue;
      const type = TYPE_OF[measure];
      const key = weekKey === undefined ? '' : type ? `${String(weekKey)} ${type}` : String(weekKey);
      out.set(key, value);
    }
  }
  return out;
}

function sqlNumbers(rows: { k: string; v: number }[]): Numbers {
  return new Map(rows.filter((r) => Number(r.v) !== 0).map((r) => [r.k, Number(r.v)]));
}

function sameNumbers(a: Numbers, b: Numbers): boolean {
  if (a.size !== b.size) return false;
  for (const [k, v] of a) if (b.get(k) !== v) return false;
  return true;
}

function summary(numbers: Numbers): string {
  if (numbers.size === 1 && numbers.has('')) return (numbers.get('') as number).toLocaleString('en');
  let total = 0;
  for (const v of numbers.values()) total += v;
  return `${numbers.size} pts, Σ ${total.toLocaleString('en')}`;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await fn();
  return { ms: performance.now() - started, value };
}

interface Measured {
  name: string;
  engineMs?: number;
  sqlMs?: number;
  numbers?: string;
  same?: boolean;
}

async function signIn(app: FastifyInstance): Promise<string> {
  const signin = await app.inject({
    method: 'POST',
    url: '/platform/api/v1/auth/signin/',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
  });
  if (signin.statusCode !== 200) throw new Error(`sign-in failed: ${signin.statusCode} ${signin.body}`);
  const bearer = `Bearer ${signin.json<{ data: { token: { access_token: string } } }>().data.token.access_token}`;
  const dp = await app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/auth/community_signin/',
    headers: { authorization: bearer },
  });
  if (dp.statusCode !== 200) throw new Error(`community_signin failed: ${dp.statusCode} ${dp.body}`);
  return dp.json<{ data: { data: { data_provisioning_token: string } } }>().data.data.data_provisioning_token;
}

async function measure(community: Community): Promise<{ rows: Measured[]; mismatches: string[] }> {
  const config = loadConfig({
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: os.tmpdir(),
    AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db: community.handle.db,
    throttle: { windowSeconds: 900, perAccount: 1e9, perIp: 1e9 },
  });
  await app.ready();
  try {
    const token = await signIn(app);
    const load = async (query: Record<string, unknown>) => {
      const answer = await app.inject({
        method: 'POST',
        url: '/c/demo/cubejs-api/v1/load',
        headers: { authorization: token },
        payload: { query },
      });
      if (answer.statusCode !== 200) throw new Error(`/load answered ${answer.statusCode}: ${answer.body}`);
      return answer.json<{ data: Record<string, unknown>[] }>().data;
    };
    const runSql = async (text: string) =>
      (
        await community.handle.db.executeQuery<{ k: string; v: number }>(
          CompiledQuery.raw(text, [community.stackId]),
        )
      ).rows;

    const deadline = performance.now() + TIME_LIMIT_S * 1000;
    const rows: Measured[] = [];
    const mismatches: string[] = [];
    for (const c of CASES) {
      if (performance.now() > deadline) {
        rows.push({ name: c.name });
        continue;
      }
      const measures = c.cube.measures as string[];
      // One unmeasured run of each (plans, caches), which also gives the numbers to compare.
      const fromEngine = engineNumbers(await load(c.cube), measures);
      const fromSql = sqlNumbers(await runSql(c.sql));
      const same = sameNumbers(fromEngine, fromSql);
      if (!same) mismatches.push(`${c.name}: engine ${summary(fromEngine)} ≠ SQL ${summary(fromSql)}`);
      const engineTimes: number[] = [];
      const sqlTimes: number[] = [];
      for (let i = 0; i < REPEAT && (i === 0 || performance.now() < deadline); i++) {
        engineTimes.push((await timed(() => load(c.cube))).ms);
        sqlTimes.push((await timed(() => runSql(c.sql))).ms);
      }
      rows.push({
        name: c.name,
        engineMs: median(engineTimes),
        sqlMs: median(sqlTimes),
        numbers: summary(fromSql),
        same,
      });
    }

    // The whole default dashboard as the console loads it: every widget's query at once.
    const dashboard = CASES.filter((c) => c.dashboard);
    if (performance.now() < deadline) {
      const parallel: number[] = [];
      const sequential: number[] = [];
      for (let i = 0; i < Math.min(REPEAT, 3); i++) {
        parallel.push((await timed(() => Promise.all(dashboard.map((c) => load(c.cube))))).ms);
        sequential.push(
          (
            await timed(async () => {
              for (const c of dashboard) await runSql(c.sql);
            })
          ).ms,
        );
      }
      rows.push({
        name: `default dashboard (${dashboard.length} queries)`,
        engineMs: median(parallel),
        sqlMs: median(sequential),
        numbers: 'engine: all at once; SQL: one by one',
      });
    }
    return { rows, mismatches };
  } finally {
    await app.close();
  }
}

function formatTable(rows: Measured[]): string {
  const header = ['query', 'engine ms', 'SQL ms', 'ratio', 'same', 'numbers'];
  const body = rows.map((r) =>
    r.engineMs === undefined || r.sqlMs === undefined
      ? [r.name, 'skipped', '', '', '', 'time limit reached']
      : [
          r.name,
          r.engineMs.toFixed(1),
          r.sqlMs.toFixed(1),
          r.sqlMs > 0 ? `${(r.engineMs / r.sqlMs).toFixed(2)}x` : 'n/a',
          r.same === undefined ? '' : r.same ? 'yes' : 'NO',
          r.numbers ?? '',
        ],
  );
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 || i === 5 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<number> {
  const key = await datasetKey();
  console.log(
    `\nAnalytics: ${USERS} members, ${DAYS} days (${RANGE[0]} … ${RANGE[1]}), seed ${SEED}; ` +
      `median of ${REPEAT} runs after a warm-up; Node ${process.version}, ${os.cpus().length} CPUs`,
  );
  const communities: (() => Promise<Community | null>)[] = [() => pgliteCommunity(key)];
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) communities.push(() => postgresCommunity(serverUrl, key));
  else console.log('(set BENCH_DATABASE_URL to also measure on a PostgreSQL server: see bench/README.md)');

  let failed = false;
  for (const open of communities) {
    const community = await open();
    if (!community) continue;
    try {
      const { rows, mismatches } = await measure(community);
      console.log(`\n${community.label}:\n${formatTable(rows)}`);
      if (mismatches.length > 0) {
        failed = true;
        console.log(`\nThe engine and the hand-written SQL disagree:\n  ${mismatches.join('\n  ')}`);
      }
    } finally {
      await community.handle.close();
    }
  }
  console.log(
    '\nengine ms: POST /cubejs-api/v1/load through app.inject (token check, query compilation, SQL, Cube answer);',
  );
  console.log(
    'SQL ms: the hand-written statement alone. ratio = engine / SQL. Compare ratios, not absolute numbers.',
  );
  return failed ? 1 : 0;
}

process.exitCode = await main();
