import pg from 'pg';

/** The advisory lock every starting process takes in turn (the two-int key: namespace, purpose). */
const STARTUP_LOCK = [0x4147_4f00, 1] as const;

/**
 * Runs a start's one-time work (migrations, the first admin, the demo community) while holding a
 * session advisory lock on the PostgreSQL database, so that processes started at the same moment
 * take turns: the first does the work, the others find it done. The lock is taken on a connection
 * of its own to `lockUrl` (the database itself, not a transaction-mode pooler: a session lock must
 * stay on one server session) and released however the work ends. Without a URL (the embedded
 * database, which one process holds at a time) the work simply runs.
 */
export async function withStartupLock<T>(lockUrl: string | undefined, work: () => Promise<T>): Promise<T> {
  if (!lockUrl) return work();
  const client = new pg.Client({ connectionString: lockUrl });
  await client.connect();
  try {
    await client.query('SELECT pg_advisory_lock($1::int4, $2::int4)', [...STARTUP_LOCK]);
    return await work();
  } finally {
    // Ending the session releases the lock too; the explicit unlock is for a clean log.
    await client
      .query('SELECT pg_advisory_unlock($1::int4, $2::int4)', [...STARTUP_LOCK])
      .catch(() => undefined);
    await client.end();
  }
}
