import fs from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import type { Database } from './schema.ts';
import { migrateToLatest } from './migrate.ts';
import { CommittedWrites, publishingWrites } from './committed-writes.ts';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Every write this process commits through `db`, told after its connection is released. */
  writes: CommittedWrites;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server connection string; when absent PGlite is used. */
  databaseUrl?: string | undefined;
  /**
   * PostgreSQL: how long an idle pooled connection is kept (node-postgres closes it after 10 s by
   * default). A new connection runs its first statements several times slower (ADR 0044).
   */
  idleSeconds?: number;
  /** Where PGlite keeps its files; `memory://` for a throw-away database. */
  pgliteDir?: string;
  /**
   * A PGlite data directory to start from (a `dumpDataDir` tarball) instead of an empty cluster:
   * loading a migrated one is several times faster than PGlite's initdb (the test apps use it).
   */
  pgliteDataDir?: Blob;
}

// int8 (bigint/count) as number: our counts and ids stay far below 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens the database (PostgreSQL server or embedded PGlite) and applies migrations. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: 10,
      idleTimeoutMillis: (options.idleSeconds ?? 10) * 1000,
    });
    const writes = new CommittedWrites();
    const db = new Kysely<Database>({ dialect: publishingWrites(new PostgresDialect({ pool }), writes) });
    await migrateToLatest(db as Kysely<unknown>);
    return { db, kind: 'postgres', writes, close: () => db.destroy() };
  }
  const dir = options.pgliteDir ?? 'memory://';
  if (!dir.startsWith('memory://')) await fs.mkdir(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(
    dir,
    options.pgliteDataDir ? { loadDataDir: options.pgliteDataDir } : {},
  );
  // PGlite is one session: the pool holds a single connection, so transactions never interleave.
  const pool = new pg.Pool(createPgConfig(pglite) as unknown as pg.PoolConfig);
  const writes = new CommittedWrites();
  const db = new Kysely<Database>({ dialect: publishingWrites(new PostgresDialect({ pool }), writes) });
  await migrateToLatest(db as Kysely<unknown>);
  return {
    db,
    kind: 'pglite',
    writes,
    close: async () => {
      await db.destroy();
      await pglite.close();
    },
  };
}
