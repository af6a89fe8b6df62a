import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const MAIN = path.join(ROOT, 'apps/server/src/main.ts');

export type Role = 'web' | 'worker';

/** One Agora process as an operator starts it (`node --import tsx apps/server/src/main.ts`). */
export interface AgoraProcess {
  name: string;
  role: Role;
  /** Where it answers: the app (web) or the worker's health port. */
  url: string;
  child: ChildProcess;
  pid: number;
  /** What it printed, stdout and stderr together (shown when a step fails). */
  output(): string;
  /** Resolves with the signal (or exit code) when the process has ended. */
  exited: Promise<string>;
  /** SIGKILL, awaited. */
  kill9(): Promise<string>;
  /** SIGTERM (the graceful stop), awaited. */
  stop(): Promise<string>;
}

/**
 * Starts a process in a role with the given environment on `port` (its HTTP port for `web`,
 * AGORA_WORKER_PORT for `worker`). It does not wait: see `waitReady`.
 */
export function startAgora(
  name: string,
  role: Role,
  port: number,
  env: Record<string, string>,
): AgoraProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: ROOT,
    env: {
      ...process.env,
      ...env,
      AGORA_ROLE: role,
      HOST: '127.0.0.1',
      ...(role === 'web' ? { PORT: String(port) } : { AGORA_WORKER_PORT: String(port), PORT: '0' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let text = '';
  const keep = (chunk: Buffer) => {
    text += chunk.toString('utf8');
    if (text.length > 200_000) text = text.slice(-100_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  const exited = new Promise<string>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  return {
    name,
    role,
    url: `http://127.0.0.1:${port}`,
    child,
    pid: child.pid!,
    output: () => text,
    exited,
    async kill9() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      return exited;
    },
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

/** Polls `/readyz` until it answers 200 (or the process ends, or the time is up). */
export async function waitReady(p: AgoraProcess, timeoutMs: number): Promise<void> {
  const until = Date.now() + timeoutMs;
  let last = 'no answer';
  let ended: string | undefined;
  void p.exited.then((how) => (ended = how));
  while (Date.now() < until) {
    if (ended) throw new Error(`${p.name} ended (${ended}) before it was ready:\n${p.output()}`);
    try {
      const res = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(2000) });
      if (res.status === 200) return;
      last = `${res.status} ${await res.text()}`;
    } catch (error) {
      last = error instanceof Error ? error.message : String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${p.name} was not ready within ${timeoutMs} ms (last: ${last}):\n${p.output()}`);
}

/** Polls `check` every `everyMs` until it returns true; answers how long it took (ms). */
export async function pollUntil(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 20,
): Promise<number> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  return Date.now() - started;
}
