import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './server-settings.ts';
import { freePort } from './free-port.ts';

export interface ExtraServer {
  /** Where it listens: always http://127.0.0.1:{port}. */
  origin: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

async function waitUntilUp(origin: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 150_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}):\n${log()}`);
    try {
      if ((await fetch(`${origin}/docs`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the server did not come up at ${origin}:\n${log()}`);
}

/**
 * Starts `npm start`'s server (apps/server/src/main.ts) as its own process on a fresh data directory
 * and a free loopback port, with `env` on top (e.g. no PUBLIC_URL at all, or one naming another
 * address), for tests about how the product behaves under a given configuration.
 */
export async function startExtraServer(env: Record<string, string | undefined>): Promise<ExtraServer> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-e2e-extra-'));
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'warn',
  };
  delete childEnv.DATABASE_URL;
  delete childEnv.PUBLIC_URL;
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) delete childEnv[name];
    else childEnv[name] = value;
  }
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitUntilUp(origin, child, () => output);
  } catch (error) {
    await stop();
    throw error;
  }
  return { origin, stop };
}
