/**
 * One web process against two, on one PostgreSQL (issue 17 §4). Starts, as separate processes on
 * 127.0.0.1, two Agora web processes (`AGORA_ROLE=web`, the real main.ts) on a fresh database and two
 * bare Fastify hello-world processes, then measures with autocannon:
 *
 *   1. hello-world, one process;          2. Agora's authenticated read, one web process;
 *   3. hello-world, two processes;        4. Agora's authenticated read, two web processes.
 *
 * With two targets autocannon spreads its connections over both (as a round-robin load balancer
 * would, without a proxy process eating the CPU the servers need). Each Agora figure is printed beside
 * the hello-world figure with the same number of processes, and the two-process figures against the
 * one-process ones. The load generator, the processes and PostgreSQL share the machine's cores: on two
 * cores a second process cannot double anything; read the ratios.
 *
 * PostgreSQL: BENCH_DATABASE_URL's server or a throw-away cluster (bench/bench-databases.ts); without
 * PostgreSQL the bench prints why and exits 0. Settings: BENCH_DURATION, BENCH_CONNECTIONS,
 * BENCH_WARMUP as for api-load.ts.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type Result } from 'autocannon';
import { startAgora, waitReady, type AgoraProcess } from '../cluster/agora-process.ts';
import { postgresDatabase } from './bench-databases.ts';

const DURATION = setting('BENCH_DURATION', 10);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 50);
const WARMUP = setting('BENCH_WARMUP', 2);
const ADMIN_PASSWORD = 'bench-correct-horse-battery';
const READ_PATH = '/c/demo/platform/api/v1/stack/';

function setting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0)
    throw new Error(`${name} must be a non-negative number (got ${raw})`);
  return value;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** A bare hello-world process on a free port, ready when it says so. */
async function startHello(): Promise<{ url: string; stop(): void }> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', path.join(import.meta.dirname, 'hello-process.ts')],
    {
      env: { ...process.env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`hello-world process ended (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') };
}

async function drive(urls: string[], headers: Record<string, string>, seconds: number): Promise<Result> {
  return autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    headers,
    connections: CONNECTIONS,
    duration: seconds,
    timeout: 30,
  });
}

async function measure(urls: string[], headers: Record<string, string> = {}): Promise<Result> {
  for (const url of urls) {
    const answer = await fetch(url, { headers });
    if (answer.status !== 200)
      throw new Error(`${url}: expected 200, got ${answer.status}: ${await answer.text()}`);
  }
  if (WARMUP > 0) await drive(urls, headers, WARMUP);
  return drive(urls, headers, DURATION);
}

function ms(value: number): string {
  return value < 1 ? '<1' : value.toFixed(0);
}

function table(rows: { name: string; result: Result; baseline: Result; one?: Result }[]): string {
  const header = [
    'what',
    'req/s',
    'p50 ms',
    'p99 ms',
    'vs hello-world',
    'vs one process',
    'non-2xx',
    'errors',
  ];
  const body = rows.map(({ name, result, baseline, one }) => [
    name,
    result.requests.average.toFixed(0),
    ms(result.latency.p50),
    ms(result.latency.p99),
    `${(result.requests.average / baseline.requests.average).toFixed(3)}x`,
    one ? `${(result.requests.average / one.requests.average).toFixed(2)}x` : '-',
    String(result.non2xx),
    String(result.errors + result.timeouts),
  ]);
  const widths = header.map((cell, i) => Math.max(cell.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n');
}

async function main(): Promise<void> {
  console.log('\nWeb processes on one PostgreSQL: the authenticated read, one process and two');
  const database = await postgresDatabase('web_processes');
  if (!database?.url) {
    console.log('No PostgreSQL for this bench: skipped.');
    await database?.dispose();
    return;
  }
  const dataDirs: string[] = [];
  const agoras: AgoraProcess[] = [];
  const hellos: { url: string; stop(): void }[] = [];
  try {
    const env = {
      DATABASE_URL: database.url,
      AGORA_ADMIN_EMAIL: 'bench@agora.test',
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      AGORA_SECRET_KEY: 'bench-web-processes-secret-0123456789abcdef',
      LOG_LEVEL: 'warn',
    };
    // Both started at the same moment, as an operator's two processes would be.
    for (const name of ['web0', 'web1']) {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `agora-bench-${name}-`));
      dataDirs.push(dataDir);
      const port = await freePort();
      agoras.push(
        startAgora(name, 'web', port, { ...env, DATA_DIR: dataDir, PUBLIC_URL: `http://127.0.0.1:${port}` }),
      );
    }
    await Promise.all(agoras.map((p) => waitReady(p, 120_000)));
    const signin = await fetch(`${agoras[0]!.url}/platform/api/v1/auth/signin/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD }).toString(),
    });
    if (signin.status !== 200) throw new Error(`sign-in failed: ${signin.status} ${await signin.text()}`);
    const { data } = (await signin.json()) as { data: { token: { access_token: string } } };
    const auth = { authorization: `Bearer ${data.token.access_token}` };
    const reads = agoras.map((p) => `${p.url}${READ_PATH}`);

    for (let i = 0; i < 2; i += 1) hellos.push(await startHello());
    const helloUrls = hellos.map((h) => h.url);

    const hello1 = await measure(helloUrls.slice(0, 1));
    const agora1 = await measure(reads.slice(0, 1), auth);
    const hello2 = await measure(helloUrls);
    const agora2 = await measure(reads, auth);
    console.log(
      `${database.label}, ${CONNECTIONS} connections, ${DURATION} s per line, ${os.cpus().length} CPUs\n`,
    );
    console.log(
      table([
        { name: 'hello-world, 1 process', result: hello1, baseline: hello1 },
        { name: `GET ${READ_PATH} (Bearer), 1 web process`, result: agora1, baseline: hello1 },
        { name: 'hello-world, 2 processes', result: hello2, baseline: hello2, one: hello1 },
        { name: `GET ${READ_PATH} (Bearer), 2 web processes`, result: agora2, baseline: hello2, one: agora1 },
      ]),
    );
    const failures = [hello1, agora1, hello2, agora2].reduce(
      (n, r) => n + r.non2xx + r.errors + r.timeouts,
      0,
    );
    if (failures > 0)
      console.log(`\nWARNING: ${failures} answers were not 2xx or failed: the figures are not comparable.`);
  } finally {
    for (const hello of hellos) hello.stop();
    await Promise.all(agoras.map((p) => p.stop()));
    await database.dispose();
    for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
