import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import '../../platform/jobs/jobs.tables.ts';

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

/** The community's jobs that failed for good since `since`, and the oldest one waiting past its time. */
export async function jobHealth(db: Db, stackId: number, since: Date, now: Date) {
  const failed = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stack_id', '=', stackId)
    .where('failed_at', '>=', since)
    .executeTakeFirstOrThrow();
  const due = await db
    .selectFrom('jobs')
    .select((eb) => eb.fn.min('run_at').as('oldest'))
    .where('stack_id', '=', stackId)
    .where('finished_at', 'is', null)
    .where('failed_at', 'is', null)
    .where('run_at', '<=', now)
    .executeTakeFirstOrThrow();
  const oldest = due.oldest ? new Date(due.oldest as Date | string) : null;
  return {
    failed: Number(failed.count),
    oldestDueSeconds: oldest ? Math.max(0, Math.floor((now.getTime() - oldest.getTime()) / 1000)) : null,
  };
}
