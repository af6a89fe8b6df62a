import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { migrateToLatest } from '../platform/db/migrate.ts';

/**
 * The server lane's global setup: one migrated database per run, which every test app copies instead
 * of creating an empty one and running every migration again (most of a test file's start). On PGlite
 * it is a data directory in a file, loaded by `templateDataDir` (PGlite's initdb is the slow part);
 * on TEST_DATABASE_URL's server it is a database each scratch one is created from
 * (`CREATE DATABASE … TEMPLATE`). Each test app still runs the migrator, which finds nothing to do on
 * a current template. The test processes start after this setup and inherit its environment.
 */

const TEMPLATE_ENV = 'AGORA_TEST_PGLITE_TEMPLATE';
const PG_TEMPLATE_ENV = 'AGORA_TEST_PG_TEMPLATE';

async function postgresTemplate(serverUrl: string): Promise<() => Promise<void>> {
  const name = `agora_template_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    try {
      await admin.query(statement);
    } finally {
      await admin.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  // One connection, closed before any copy: a template must have no session while it is copied.
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url.toString(), max: 1 }) }),
  });
  await migrateToLatest(db);
  await db.destroy();
  process.env[PG_TEMPLATE_ENV] = name;
  return async () => {
    delete process.env[PG_TEMPLATE_ENV];
    await run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  };
}

export default async function setup(): Promise<() => Promise<void>> {
  if (process.env.TEST_DATABASE_URL) return postgresTemplate(process.env.TEST_DATABASE_URL);
  const pglite = await PGlite.create('memory://');
  const db = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig) }),
  });
  await migrateToLatest(db);
  await db.destroy();
  const dump = await pglite.dumpDataDir('none');
  await pglite.close();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'agora-template-'));
  const file = path.join(dir, 'pgdata.tar');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  // The test processes are started after this setup and inherit its environment.
  process.env[TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await fs.rm(dir, { recursive: true, force: true });
  };
}

let loaded: Promise<Blob | undefined> | undefined;

/** The run's migrated data directory, read once per test process; undefined outside the lane's setup. */
export function templateDataDir(): Promise<Blob | undefined> {
  loaded ??= (async () => {
    const file = process.env[TEMPLATE_ENV];
    if (!file) return undefined;
    try {
      return new Blob([await fs.readFile(file)]);
    } catch {
      return undefined;
    }
  })();
  return loaded;
}

/** The run's migrated PostgreSQL database to copy, when the lane runs on a server. */
export function templateDatabaseName(): string | undefined {
  return process.env[PG_TEMPLATE_ENV] || undefined;
}
