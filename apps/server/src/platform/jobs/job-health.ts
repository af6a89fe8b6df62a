import type { Db } from '../db/database.ts';
import './jobs.tables.ts';

/**
 * A community's job figures for monitoring (the readiness checks ask them): the jobs that failed for
 * good since `since`, and how long the oldest one waiting past its time has waited.
 */
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
