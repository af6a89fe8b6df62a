/**
 * The databases every bench measures on, in turn: PGlite in a temporary directory, then PostgreSQL —
 * BENCH_DATABASE_URL's server (a fresh database created and dropped) or a throw-away cluster
 * (bench/throwaway-postgres.ts). BENCH_PGLITE=off / BENCH_POSTGRES=off skip one of them.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { startThrowawayPostgres } from './throwaway-postgres.ts';

export interface BenchDatabase {
  label: string;
  /** The database's address, for benches that start server processes on it (PostgreSQL only). */
  url?: string;
  open(): Promise<DatabaseHandle>;
  /** Removes what the run created (a directory, a database, a cluster). */
  dispose(): Promise<void>;
}

/** A positive integer setting from the environment (`BENCH_…`), or its default. */
export function integerSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new Error(`${name} must be a positive integer (got ${raw})`);
  return value;
}

/** PGlite in a fresh temporary directory named after the bench. */
export async function pgliteDatabase(bench: string): Promise<BenchDatabase> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `agora-bench-${bench}-pglite-`));
  return {
    label: 'PGlite (temporary directory)',
    open: () => openDatabase({ pgliteDir: dir }),
    dispose: () => fs.rm(dir, { recursive: true, force: true }),
  };
}

/** A fresh database on a PostgreSQL server, dropped at the end (then `after`, e.g. the cluster's stop). */
async function databaseOn(
  serverUrl: string,
  bench: string,
  label: string,
  after: () => void,
): Promise<BenchDatabase> {
  const name = `agora_bench_${bench.replace(/\W/g, '_')}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    label,
    url: url.toString(),
    open: () => openDatabase({ databaseUrl: url.toString() }),
    async dispose() {
      try {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await client.end();
      } finally {
        after();
      }
    },
  };
}

/** PostgreSQL when reachable: BENCH_DATABASE_URL's server, or a throw-away cluster started here. */
export async function postgresDatabase(bench: string): Promise<BenchDatabase | undefined> {
  if (process.env.BENCH_POSTGRES === 'off') return undefined;
  const serverUrl = process.env.BENCH_DATABASE_URL;
  if (serverUrl) {
    try {
      return await databaseOn(serverUrl, bench, 'PostgreSQL (BENCH_DATABASE_URL)', () => {});
    } catch (error) {
      console.log(
        `PostgreSQL at BENCH_DATABASE_URL is not reachable (${(error as Error).message}): skipped.`,
      );
      return undefined;
    }
  }
  const cluster = await startThrowawayPostgres();
  if (!cluster) {
    console.log('\nPostgreSQL is not installed and BENCH_DATABASE_URL is not set: PostgreSQL skipped.');
    return undefined;
  }
  return databaseOn(cluster.url, bench, `${cluster.version}, throw-away cluster`, cluster.stop);
}

/** Runs a bench's measure on PGlite, then on PostgreSQL, each under its label and disposed after. */
export async function onEachDatabase(
  bench: string,
  measure: (database: BenchDatabase) => Promise<void>,
): Promise<void> {
  const makers = [
    async () => (process.env.BENCH_PGLITE === 'off' ? undefined : pgliteDatabase(bench)),
    () => postgresDatabase(bench),
  ];
  for (const make of makers) {
    const database = await make();
    if (!database) continue;
    console.log(`\n${database.label}:`);
    try {
      await measure(database);
    } finally {
      await database.dispose();
    }
  }
}
