/**
 * The console's first screen on a slow link (issue 12 §5): the real server (buildApp with the console,
 * on the embedded database in a temporary directory, listening on 127.0.0.1 — loopback traffic only)
 * and real Chromium open /signin signed out, with an empty cache, twice per round:
 *
 * - **baseline**: no throttling;
 * - **slow link**: through CDP, `Network.emulateNetworkConditions` (150 ms latency, 1.6 Mbit/s down,
 *   750 kbit/s up: DevTools' "Fast 3G") and `Emulation.setCPUThrottlingRate` 4x.
 *
 * From CDP's network events it counts the bytes Chromium actually received (`encodedDataLength` of
 * `Network.loadingFinished`: compressed as sent, headers included), for scripts and for everything, and
 * the decoded bytes (`Network.dataReceived`), and it times the screen from navigation start until the
 * sign-in form's username field is visible (a check on every animation frame, put in the page before
 * its own scripts). It prints the medians of BENCH_FIRST_SCREEN_RUNS rounds (default 3) with the
 * slow link's ratio to the baseline of the same run, and the JavaScript transferred against the
 * 200 KB target. BENCH_CHROMIUM names another Chromium (default /usr/bin/chromium); CONSOLE_DIST
 * another console build.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser, type CDPSession } from '@playwright/test';
import { buildApp } from '../apps/server/src/app.ts';
import { loadConfig } from '../apps/server/src/platform/config/config.ts';
import { openDatabase } from '../apps/server/src/platform/db/database.ts';
import { createSecretBox, loadSecretKey } from '../apps/server/src/platform/crypto/secret-box.ts';
import { bootstrap } from '../apps/server/src/seed/bootstrap.ts';
import { consoleDist, ensureConsoleBuilt } from './console-dist.ts';

const RUNS = (() => {
  const value = Number(process.env.BENCH_FIRST_SCREEN_RUNS ?? 3);
  if (!Number.isInteger(value) || value < 1)
    throw new Error('BENCH_FIRST_SCREEN_RUNS must be a positive integer');
  return value;
})();
const CHROMIUM = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
const JS_TARGET_BYTES = 200 * 1024;
const SLOW_LINK = { latency: 150, downloadThroughput: 1_600_000 / 8, uploadThroughput: 750_000 / 8 };
const CPU_SLOWDOWN = 4;
const USERNAME_FIELD = 'input[name="username"]';

/** Records in the page when the username field is first visible, in ms from navigation start. */
const VISIBLE_PROBE = `(() => {
  const check = () => {
    const field = document.querySelector(${JSON.stringify(USERNAME_FIELD)});
    const box = field && field.getBoundingClientRect();
    if (box && box.width > 0 && box.height > 0 && field.checkVisibility({ opacityProperty: true, visibilityProperty: true })) {
      window.__usernameVisibleAt = performance.now();
      return;
    }
    requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Probe {
  __usernameVisibleAt?: number;
}

interface Load {
  visibleMs: number;
  requests: number;
  scripts: number;
  jsTransferred: number;
  /** The scripts' bytes on the wire without their response headers. */
  jsBodies: number;
  jsDecoded: number;
  totalTransferred: number;
  totalDecoded: number;
  scriptEncodings: Set<string>;
}

/** Counts what Chromium receives, per request, from CDP's network events. */
function recordNetwork(cdp: CDPSession) {
  const types = new Map<string, string>();
  const encodings = new Map<string, string>();
  const decoded = new Map<string, number>();
  const headerBytes = new Map<string, number>();
  const finished = new Map<string, number>();
  cdp.on('Network.responseReceived', (event) => {
    types.set(event.requestId, event.type);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([name, value]) => [name.toLowerCase(), String(value)]),
    );
    encodings.set(event.requestId, headers['content-encoding'] ?? 'identity');
    // What had arrived when the response started: its status line and headers.
    headerBytes.set(event.requestId, event.response.encodedDataLength);
  });
  cdp.on('Network.dataReceived', (event) => {
    decoded.set(event.requestId, (decoded.get(event.requestId) ?? 0) + event.dataLength);
  });
  cdp.on('Network.loadingFinished', (event) => {
    finished.set(event.requestId, event.encodedDataLength);
  });
  return (visibleMs: number): Load => {
    const load: Load = {
      visibleMs,
      requests: finished.size,
      scripts: 0,
      jsTransferred: 0,
      jsBodies: 0,
      jsDecoded: 0,
      totalTransferred: 0,
      totalDecoded: 0,
      scriptEncodings: new Set(),
    };
    for (const [id, bytes] of finished) {
      load.totalTransferred += bytes;
      load.totalDecoded += decoded.get(id) ?? 0;
      if (types.get(id) !== 'Script') continue;
      load.scripts += 1;
      load.jsTransferred += bytes;
      load.jsBodies += bytes - (headerBytes.get(id) ?? 0);
      load.jsDecoded += decoded.get(id) ?? 0;
      load.scriptEncodings.add(encodings.get(id) ?? 'identity');
    }
    return load;
  };
}

/** One cold load of /signin in a fresh context (empty cache), throttled or not. */
async function loadSignin(browser: Browser, baseUrl: string, throttled: boolean): Promise<Load> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(VISIBLE_PROBE);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttled) {
      await cdp.send('Network.emulateNetworkConditions', { offline: false, ...SLOW_LINK });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    }
    const finish = recordNetwork(cdp);
    await page.goto(`${baseUrl}/signin`, { timeout: 120_000 });
    const visible = await page.waitForFunction(() => (globalThis as Probe).__usernameVisibleAt, undefined, {
      timeout: 120_000,
      polling: 100,
    });
    const visibleMs = Number(await visible.jsonValue());
    // Everything the first screen asks for, also after the form shows (fonts, messages, lazy chunks).
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    return finish(visibleMs);
  } finally {
    await context.close();
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

function medianLoad(loads: Load[]): Load {
  const pick = (key: Exclude<keyof Load, 'scriptEncodings'>) => median(loads.map((load) => load[key]));
  return {
    visibleMs: pick('visibleMs'),
    requests: pick('requests'),
    scripts: pick('scripts'),
    jsTransferred: pick('jsTransferred'),
    jsBodies: pick('jsBodies'),
    jsDecoded: pick('jsDecoded'),
    totalTransferred: pick('totalTransferred'),
    totalDecoded: pick('totalDecoded'),
    scriptEncodings: new Set(loads.flatMap((load) => [...load.scriptEncodings])),
  };
}

async function startServer(dataDir: string) {
  const handle = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
  await bootstrap(handle.db, {
    adminEmail: 'bench@agora.test',
    adminPassword: 'bench-correct-horse-battery',
  });
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    PUBLIC_URL: 'http://127.0.0.1',
    DATA_DIR: dataDir,
    AGORA_CONSOLE_DIR: consoleDist,
    AGORA_ADMIN_EMAIL: 'bench@agora.test',
    AGORA_ADMIN_PASSWORD: 'bench-correct-horse-battery',
    LOG_LEVEL: 'silent',
  });
  const app = await buildApp({
    config,
    db: handle.db,
    writes: handle.writes,
    secretBox: createSecretBox(loadSecretKey(config.secretKey, dataDir)),
    serveConsole: true,
  });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await app.close();
      await handle.close();
    },
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${Math.round(value).toLocaleString('en-US')} ms`;
const ratio = (value: number, base: number) => (base > 0 ? `${(value / base).toFixed(2)}x` : '–');

function report(base: Load, slow: Load): void {
  const rows: [string, string, string, string][] = [
    [
      'time to visible (username field)',
      ms(base.visibleMs),
      ms(slow.visibleMs),
      ratio(slow.visibleMs, base.visibleMs),
    ],
    [
      'JavaScript transferred',
      kb(base.jsTransferred),
      kb(slow.jsTransferred),
      ratio(slow.jsTransferred, base.jsTransferred),
    ],
    [
      'JavaScript transferred, without headers',
      kb(base.jsBodies),
      kb(slow.jsBodies),
      ratio(slow.jsBodies, base.jsBodies),
    ],
    ['JavaScript decoded', kb(base.jsDecoded), kb(slow.jsDecoded), ratio(slow.jsDecoded, base.jsDecoded)],
    [
      'all bytes transferred',
      kb(base.totalTransferred),
      kb(slow.totalTransferred),
      ratio(slow.totalTransferred, base.totalTransferred),
    ],
    [
      'all bytes decoded',
      kb(base.totalDecoded),
      kb(slow.totalDecoded),
      ratio(slow.totalDecoded, base.totalDecoded),
    ],
    ['requests (scripts)', `${base.requests} (${base.scripts})`, `${slow.requests} (${slow.scripts})`, ''],
  ];
  const widths = [40, 12, 20, 8];
  const line = (cells: string[]) =>
    `  ${cells.map((cell, i) => (i === 0 ? cell.padEnd(widths[0] as number) : cell.padStart(widths[i] as number))).join('  ')}`;
  console.log(
    `\nConsole first screen (/signin, signed out) in Chromium, empty cache, median of ${RUNS} round${RUNS > 1 ? 's' : ''}\n`,
  );
  console.log(line(['', 'baseline', `Fast 3G + CPU ${CPU_SLOWDOWN}x`, 'ratio']));
  for (const row of rows) console.log(line(row));
  const within = slow.jsTransferred <= JS_TARGET_BYTES;
  console.log(
    `\n  JavaScript transferred on the slow link: ${kb(slow.jsTransferred)}, ${(slow.jsTransferred / JS_TARGET_BYTES).toFixed(2)} of the 200 KB target (${within ? 'met' : 'NOT met'});`,
  );
  console.log(
    `  of it ${kb(slow.jsTransferred - slow.jsBodies)} response headers (${slow.scripts} scripts), ${kb(slow.jsBodies)} the scripts themselves;`,
  );
  console.log(
    `  sent ${[...slow.scriptEncodings].join(', ')}: ${(slow.jsTransferred / Math.max(slow.jsDecoded, 1)).toFixed(2)} of the ${kb(slow.jsDecoded)} the scripts decode to.`,
  );
  console.log(
    `  Slow link: ${SLOW_LINK.latency} ms latency, ${(SLOW_LINK.downloadThroughput * 8) / 1e6} Mbit/s down, ${(SLOW_LINK.uploadThroughput * 8) / 1e3} kbit/s up.\n`,
  );
}

async function main(): Promise<void> {
  ensureConsoleBuilt();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-bench-first-screen-'));
  const cleanups: (() => Promise<void>)[] = [
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  ];
  try {
    const server = await startServer(dataDir);
    cleanups.unshift(server.close);
    const browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    cleanups.unshift(() => browser.close());
    // One unreported load first: the server's first answers and Chromium's start-up are not the screen.
    await loadSignin(browser, server.url, false);
    const baseline: Load[] = [];
    const slow: Load[] = [];
    for (let round = 0; round < RUNS; round++) {
      baseline.push(await loadSignin(browser, server.url, false));
      slow.push(await loadSignin(browser, server.url, true));
    }
    report(medianLoad(baseline), medianLoad(slow));
  } finally {
    for (const cleanup of cleanups) await cleanup();
  }
}

await main();
