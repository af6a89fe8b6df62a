import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';

/** Milliseconds a trivial query takes; undefined when the database does not answer. */
export async function databaseLatency(db: Db, timeoutMs: number): Promise<number | undefined> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      sql`SELECT 1`.execute(db),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('database timeout')), timeoutMs);
      }),
    ]);
    return Math.round((performance.now() - started) * 10) / 10;
  } catch {
    return undefined;
  } finally {
    clearTimeout(timer);
  }
}
