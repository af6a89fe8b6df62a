import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import { buildApp } from '../app.ts';
import { loadConfig, type Config } from '../platform/config/config.ts';
import { openDatabase, type Db } from '../platform/db/database.ts';
import { ManualClock } from '../platform/clock.ts';
import { bootstrap } from '../seed/bootstrap.ts';
import type { ThrottleLimits } from '../modules/auth/sign-in-throttle.service.ts';
import type { JobQueue } from '../platform/jobs/job-queue.ts';
import type { Mailer } from '../platform/mail/mailer.ts';
import type { QueryCounter } from './query-counter.ts';
import { templateDataDir, templateDatabaseName } from './database-template.ts';

export const ADMIN_EMAIL = 'admin@agora.test';
export const ADMIN_PASSWORD = 'correct-horse-battery';

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  clock: ManualClock;
  config: Config;
  /** The app's job queue; its worker is not started: call runDue(). */
  jobs: JobQueue;
  mailer: Mailer;
  /** The database's address on a PostgreSQL server (TEST_DATABASE_URL runs); undefined on PGlite. */
  databaseUrl: string | undefined;
  close(): Promise<void>;
}

/** An empty database on a PostgreSQL server, and how to drop it once its clients have left. */
export async function scratchPostgresDatabase(
  serverUrl: string,
  /** A database to copy (CREATE DATABASE … TEMPLATE), e.g. the run's migrated one; empty otherwise. */
  template?: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `agora_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      // The pool's end() resolves before its sockets have closed: killing them now (FORCE) would
      // reach a client mid-goodbye as an unhandled error. Let them leave first, for up to 5 s.
      for (let waited = 0; waited < 5000; waited += 50) {
        const open = await c.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [
          name,
        ]);
        if (open.rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * A fresh database per call: PGlite in memory (from the run's migrated template when there is one), or
 * a new database on TEST_DATABASE_URL's server.
 */
async function freshDatabase() {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const handle = await openDatabase({ pgliteDir: 'memory://', pgliteDataDir: await templateDataDir() });
    return { handle, url: undefined, drop: async () => {} };
  }
  const scratch = await scratchPostgresDatabase(serverUrl, templateDatabaseName());
  const handle = await openDatabase({ databaseUrl: scratch.url });
  return { handle, url: scratch.url, drop: scratch.drop };
}

/** The real app on a real, migrated and bootstrapped database, driven through app.inject. */
export async function buildTestApp(
  options: {
    env?: Record<string, string>;
    throttle?: ThrottleLimits;
    serveConsole?: boolean;
    logStream?: { write(line: string): void };
    /** Counts the statements the app sends (fixtures, through `TestApp.db`, are not counted). */
    queryCounter?: QueryCounter;
  } = {},
): Promise<TestApp> {
  const config = loadConfig({
    PUBLIC_URL: 'http://agora.test',
    AGORA_ADMIN_EMAIL: ADMIN_EMAIL,
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    LOG_LEVEL: 'silent',
    AGORA_BODY_LIMIT: String(64 * 1024),
    ...options.env,
  });
  const { handle, url, drop } = await freshDatabase();
  await bootstrap(handle.db, { adminEmail: config.adminEmail, adminPassword: config.adminPassword });
  const clock = new ManualClock(new Date('2026-11-21T10:00:00Z'));
  const app = await buildApp({
    config,
    db: options.queryCounter ? handle.db.withPlugin(options.queryCounter) : handle.db,
    writes: handle.writes,
    clock,
    serveConsole: options.serveConsole ?? false,
    ...(options.logStream ? { logStream: options.logStream } : {}),
    ...(options.throttle ? { throttle: options.throttle } : {}),
  });
  await app.ready();
  return {
    app,
    db: handle.db,
    clock,
    config,
    jobs: app.jobs,
    mailer: app.mailer,
    databaseUrl: url,
    close: async () => {
      await app.close();
      await handle.close();
      await drop();
    },
  };
}
