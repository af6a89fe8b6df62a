/**
 * API load benchmark (design.md §6: timings live here, never in tests). Starts a bare Fastify
 * hello-world and the real Agora server (PGlite in a temporary directory) on 127.0.0.1, drives both
 * with autocannon and prints req/s and latency, each route also as a ratio of the hello-world
 * throughput measured in the same run. Only loopback traffic.
 *
 * Settings (environment): BENCH_DURATION seconds per route (default 10), BENCH_CONNECTIONS
 * (default 10), BENCH_WARMUP seconds of unreported load before each route (default 2).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import autocannon, { type Result } from 'autocannon';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';

const DURATION = positiveNumber('BENCH_DURATION', 10);
const CONNECTIONS = positiveNumber('BENCH_CONNECTIONS', 10);
const WARMUP = positiveNumber('BENCH_WARMUP', 2, true);

const ADMIN_EMAIL = 'bench@agora.test';
const ADMIN_PASSWORD = 'bench-correct-horse-battery';

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

/** One request by hand first: a benchmark of error answers would measure the wrong thing. */
async function checkAnswers(target: Target): Promise<void> {
  const answer = await fetch(target.url, {
    method: target.method ?? 'GET',
    ...(target.headers ? { headers: target.headers } : {}),
    ...(target.body ? { body: target.body } : {}),
  });
  if (answer.status !== 200) {
    throw new Error(
      `${target.name}: expected 200 from ${target.url}, got ${answer.status}: ${await answer.text()}`,
    );
  }
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
  result: Result;
}

/** autocannon keeps whole milliseconds: 0 means under one. */
function milliseconds(value: number): string {
  return value < 1 ? '<1' : value.toFixed(0);
}

function formatTable(rows: readonly Row[]): string {
  const baseline = rows[0]?.result.requests.average ?? 0;
  const header = ['route', 'req/s', 'p50 ms', 'p99 ms', 'vs hello-world', 'non-2xx', 'errors'];
  const body = rows.map(({ name, result }) => [
    name,
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

async function main(): Promise<void> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'agora-bench-'));
  const closers: (() => Promise<void>)[] = [];
  try {
    // Baseline: the same framework with nothing of ours in it.
    const hello = Fastify({ logger: false });
    hello.get('/', async () => ({ hello: 'world' }));
    closers.push(() => hello.close());
    const helloUrl = await listen(hello);

    // The real server, as main.ts builds it, minus the console files.
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://127.0.0.1',
      DATA_DIR: dataDir,
      AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      LOG_LEVEL: 'silent',
    });
    const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    closers.push(() => handle.close());
    const seeded = await bootstrap(handle.db, { adminEmail: ADMIN_EMAIL, adminPassword: ADMIN_PASSWORD });
    const agora = await buildApp({
      config,
      db: handle.db,
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

    const targets: Target[] = [
      { name: 'hello-world GET / (bare Fastify)', url: `${helloUrl}/` },
      {
        name: 'GET /platform/api/v1/stacks/ (Bearer)',
        url: `${agoraUrl}/platform/api/v1/stacks/`,
        headers: bearer,
      },
      {
        name: 'GET /c/demo/platform/api/v1/stack/ (Bearer)',
        url: `${agoraUrl}/c/demo/platform/api/v1/stack/`,
        headers: bearer,
      },
      {
        name: 'POST /platform/api/v1/auth/signin/ (argon2)',
        url: `${agoraUrl}/platform/api/v1/auth/signin/`,
        method: 'POST',
        headers: form,
        body: signinBody,
      },
    ];

    console.log(
      `API load: ${CONNECTIONS} connections, ${DURATION} s per route after ${WARMUP} s warm-up, ` +
        `Node ${process.version}, ${os.cpus().length} CPUs, database ${handle.kind}`,
    );
    const rows: Row[] = [];
    for (const target of targets) {
      await checkAnswers(target);
      if (WARMUP > 0) await load(target, WARMUP);
      process.stdout.write(`  measuring ${target.name} …\n`);
      rows.push({ name: target.name, result: await load(target, DURATION) });
    }
    console.log(`\n${formatTable(rows)}\n`);
    console.log('req/s is the mean per second; p50/p99 are latency percentiles; "vs hello-world" is req/s');
    console.log('divided by the bare Fastify req/s of this same run. Compare ratios, not absolute numbers.');
    const failed = rows.filter(({ result }) => result.non2xx > 0 || result.errors > 0);
    if (failed.length > 0) {
      console.log(`\nWarning: some answers were not 2xx (${failed.map((row) => row.name).join('; ')}).`);
    }
  } finally {
    for (const close of closers)
      await close().catch((error: unknown) => console.error('close failed:', error));
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
