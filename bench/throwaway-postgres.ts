/**
 * A private, throw-away PostgreSQL cluster for the benchmarks, started like scripts/test-pg.sh does:
 * trust auth, 127.0.0.1 only, on a free port asked of the kernel (never a fixed one: a server left
 * over on it would make the run fail or, worse, measure another server), fsync off, in a temporary
 * directory. It is always stopped and deleted: on `stop()`, and on exit or Ctrl-C.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface ThrowawayPostgres {
  url: string;
  version: string;
  stop(): void;
}

/** The newest installed PostgreSQL's bin directory (Debian layout), if any. */
function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(a) - Number(b));
  const newest = versions.at(-1);
  return newest ? path.join(root, newest, 'bin') : undefined;
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

/** Starts a cluster, or answers undefined when PostgreSQL is not installed here. */
export async function startThrowawayPostgres(): Promise<ThrowawayPostgres | undefined> {
  const bin = postgresBin();
  if (!bin) return undefined;
  const isRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster then belongs to the postgres user.
  const run = (program: string, args: string[]) =>
    isRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, program), args, { stdio: 'pipe' });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  if (isRoot) execFileSync('chown', ['postgres:postgres', dir]);
  const data = path.join(dir, 'data');
  let started = false;
  const stop = () => {
    if (started) {
      started = false;
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } catch {
        // already gone
      }
    }
    fs.rmSync(dir, { recursive: true, force: true });
    process.off('exit', stop);
  };
  process.on('exit', stop);
  try {
    run('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
    // Another process may take the port between the probe and the server's bind: try a few.
    for (let attempt = 1; attempt <= 5 && !started; attempt += 1) {
      const port = await freePort();
      const options = [
        `-p ${port}`,
        `-k ${dir}`,
        '-c listen_addresses=127.0.0.1',
        '-c fsync=off',
        '-c synchronous_commit=off',
        '-c full_page_writes=off',
        '-c max_connections=200',
      ].join(' ');
      try {
        run('pg_ctl', ['-D', data, '-l', path.join(dir, 'server.log'), '-w', 'start', '-o', options]);
        started = true;
        const version = execFileSync(path.join(bin, 'postgres'), ['--version']).toString().trim();
        return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, version, stop };
      } catch {
        // try another port
      }
    }
    throw new Error(`PostgreSQL did not start: ${fs.readFileSync(path.join(dir, 'server.log'), 'utf8')}`);
  } catch (error) {
    stop();
    throw error;
  }
}
