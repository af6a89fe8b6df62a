/**
 * API load benchmark (design.md §6: timings live here, never in tests). Starts a bare Fastify
 * hello-world and the real Agora server on 127.0.0.1, on the embedded database (PGlite in a temporary
 * directory) and on PostgreSQL when one is reachable, drives them with autocannon and prints, per
 * route, the database statements one request costs, req/s and latency, and req/s as a ratio of the
 * hello-world throughput measured in the same run (again for each database). Only loopback traffic.
 *
 * PostgreSQL: BENCH_DATABASE_URL (a server's maintenance database: a fresh database is created on it
 * and dropped at the end), or else a throw-away cluster started here on a free port and always
 * stopped (bench/throwaway-postgres.ts); BENCH_POSTGRES=off skips it.
 *
 * Settings (environment): BENCH_DURATION seconds per route (default 10), BENCH_CONNECTIONS
 * (default 50), BENCH_WARMUP seconds of unreported load before each route (default 2).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';
import { QueryCounter } from '../apps/server/src/test-support/query-counter.ts';
import { postgresDatabase, type BenchDatabase } from './bench-databases.ts';

const DURATION = positiveNumber('BENCH_DURATION', 10);
const CONNECTIONS = positiveNumber('BENCH_CONNECTIONS', 50);
const WARMUP = positiveNumber('BENCH_WARMUP', 2, true);
/** Requests sent one by one to count a route's statements (nothing else runs meanwhile). */
const COUNTED_REQUESTS = 10;

const ADMIN_EMAIL = 'bench@agora.test';
const ADMIN_PASSWORD = 'bench-correct-horse-battery';
/** The authenticated read the targets are about (issue 11 §3). */
const AUTHENTICATED_READ = 'GET /c/demo/platform/api/v1/stack/ (Bearer)';
const TARGETS = {
  pglite: { ratio: 0.05 },
  postgres: { ratio: 0.1, p99Ms: 25 },
} as const;

function positiveNumber(name: string, fallback: number, zeroAllowed = false): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0 || (value === 0 && !zeroAllowed)) {
    throw new Error(`${name} must be a ${zeroAllowed ? 'non-negative' : 'positive'} number (got ${raw})`);
  }
  return value;
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${address.port}`;
}

interface Target {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
}

function send(target: Target): Promise<Response> {
  return fetch(target.url, {
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
  });
}

/** One request by hand first: a benchmark of error answers would measure the wrong thing. */
async function checkAnswers(target: Target): Promise<void> {
  const answer = await send(target);
  if (answer.status !== 200) {
    throw new Error(
      `${target.name}: expected 200 from ${target.url}, got ${answer.status}: ${await answer.text()}`,
    );
  }
}

/** The statements one request costs: a few requests one after the other, counted at the Kysely layer. */
async function queriesPerRequest(target: Target, counter: QueryCounter): Promise<number> {
  const sent = await counter.during(async () => {
    for (let i = 0; i < COUNTED_REQUESTS; i += 1) await (await send(target)).arrayBuffer();
  });
  return sent / COUNTED_REQUESTS;
}

async function load(target: Target, seconds: number): Promise<Result> {
  return autocannon({
    url: target.url,
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
  });
}

interface Row {
  name: string;
  queries: number | null;
  result: Result;
}

/** autocannon keeps whole milliseconds: 0 means under one. */
function milliseconds(value: number): string {
  return value < 1 ? '<1' : value.toFixed(0);
}

function formatTable(rows: readonly Row[]): string {
  const baseline = rows[0]?.result.requests.average ?? 0;
  const header = ['route', 'queries/req', 'req/s', 'p50 ms', 'p99 ms', 'vs hello-world', 'non-2xx', 'errors'];
  const body = rows.map(({ name, queries, result }) => [
    name,
    queries === null ? '-' : String(Number(queries.toFixed(2))),
    result.requests.average.toFixed(0),
    milliseconds(result.latency.p50),
    milliseconds(result.latency.p99),
    baseline > 0 ? `${(result.requests.average / baseline).toFixed(3)}x` : 'n/a',
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((row) => (row[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0)))
      .join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

/** Whether the authenticated read meets the targets on this database. */
function verdict(kind: DatabaseHandle['kind'], rows: readonly Row[]): string {
  const hello = rows[0]?.result.requests.average ?? 0;
  const read = rows.find((row) => row.name === AUTHENTICATED_READ)?.result;
  if (!read || hello === 0) return 'target: not measured';
  const ratio = read.requests.average / hello;
  const target = TARGETS[kind];
  const checks = [`req/s ${(ratio * 100).toFixed(1)} % of hello-world (target ≥ ${target.ratio * 100} %)`];
  let met = ratio >= target.ratio;
  if ('p99Ms' in target) {
    checks.push(`p99 ${milliseconds(read.latency.p99)} ms (target ≤ ${target.p99Ms} ms)`);
    met &&= read.latency.p99 <= target.p99Ms;
  }
  return `authenticated read on ${kind}: ${checks.join(', ')} — ${met ? 'met' : 'NOT met'}`;
}

function embeddedDatabase(dataDir: string): BenchDatabase {
  return {
    label: 'embedded (PGlite)',
    open: () => openDatabase({ pgliteDir: path.join(dataDir, 'pglite') }),
    dispose: async () => {},
  };
}

/** Measures hello-world and the Agora routes on one database. */
async function measure(database: BenchDatabase, dataDir: string, helloUrl: string): Promise<void> {
  const closers: (() => Promise<void>)[] = [];
  try {
    const handle = await database.open();
    closers.push(() => handle.close());
    const seeded = await bootstrap(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    // The real server, as main.ts builds it, minus the console files; its statements are counted.
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
    });
    const counter = new QueryCounter();
    const agora = await buildApp({
      config,
      db: handle.db.withPlugin(counter),
      // As `npm start` does: the community guard keeps its answers until a write could change them.
      writes: handle.writes,
      // Every sign-in below succeeds, but a bench must never be cut short by the throttle.
      throttle: { windowSeconds: 900, perAccount: 1e9, perIp: 1e9 },
    });
    closers.unshift(() => agora.close());
    const agoraUrl = await listen(agora);

    const signinBody = new URLSearchParams({
      username: seeded.adminUsername,
      password: ADMIN_PASSWORD,
    }).toString();
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const signin = await fetch(`${agoraUrl}/platform/api/v1/auth/signin/`, {
      method: 'POST',
      headers: form,
      body: signinBody,
    });
    if (signin.status !== 200) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { data } = (await signin.json()) as { data: { token: { access_token: string } } };
    const bearer = { authorization: `Bearer ${data.token.access_token}` };

    const hello: Target = { name: 'hello-world GET / (bare Fastify)', url: `${helloUrl}/` };
    const targets: Target[] = [
      {
        name: 'GET /platform/api/v1/stacks/ (Bearer)',
        url: `${agoraUrl}/platform/api/v1/stacks/`,
        headers: bearer,
      },
      { name: AUTHENTICATED_READ, url: `${agoraUrl}/c/demo/platform/api/v1/stack/`, headers: bearer },
      {
        name: 'POST /platform/api/v1/auth/signin/ (argon2)',
        url: `${agoraUrl}/platform/api/v1/auth/signin/`,
        method: 'POST',
        headers: form,
        body: signinBody,
      },
    ];

    console.log(
      `\n== ${database.label}: ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s ` +
        `warm-up, Node ${process.version}, ${os.cpus().length} CPUs`,
    );
    // Counted first, while the server is idle: under load, requests still queued from the previous
    // route would be counted with the next one.
    const queries = new Map<Target, number>();
    for (const target of targets) {
      await checkAnswers(target);
      queries.set(target, await queriesPerRequest(target, counter));
    }
    const rows: Row[] = [];
    for (const target of [hello, ...targets]) {
      await checkAnswers(target);
      if (WARMUP > 0) await load(target, WARMUP);
      process.stdout.write(`  measuring ${target.name} …\n`);
      rows.push({
        name: target.name,
        queries: queries.get(target) ?? null,
        result: await load(target, DURATION),
      });
    }
    console.log(`\n${formatTable(rows)}\n`);
    console.log(verdict(handle.kind, rows));
    const failed = rows.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
    if (failed.length > 0) {
      console.log(`Warning: some answers were not 2xx (${failed.map((row) => row.name).join('; ')}).`);
    }
  } finally {
    for (const close of closers)
      await close().catch((error: unknown) => console.error('close failed:', error));
  }
}

async function main(): Promise<void> {
  // Ctrl-C still runs the exit handlers (the throw-away cluster is stopped and deleted).
  process.once('SIGINT', () => process.exit(130));
  process.once('SIGTERM', () => process.exit(143));
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agora-bench-'));
  // Baseline: the same framework with nothing of ours in it.
  const hello = Fastify({ logger: false });
  hello.get('/', async () => ({ hello: 'world' }));
  try {
    const helloUrl = await listen(hello);
    const databases = [embeddedDatabase(dataDir)];
    const postgres = await postgresDatabase('api');
    if (postgres) databases.push(postgres);
    for (const database of databases) {
      try {
        await measure(database, dataDir, helloUrl);
      } finally {
        await database.dispose();
      }
    }
    console.log(
      '\nqueries/req is the statements one request sends to the database (counted on requests sent one at a',
    );
    console.log('time); req/s is the mean per second; p50/p99 are latency percentiles; "vs hello-world" is');
    console.log('req/s divided by the bare Fastify req/s measured just before on the same database run.');
    console.log('Compare ratios, not absolute numbers.');
  } finally {
    await hello.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
