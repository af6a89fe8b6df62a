import { ErrorCode, STACK_RESTARTING_MESSAGE } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { beginRestart, endRestart, findStack } from '../stacks/stack-row.repository.ts';

/**
 * Domain and email server changes restart the community (spec mgmt §4): its status goes to
 * `progress` and this job brings it back `online` after AGORA_RESTART_SECONDS. Settings are read on
 * every request, so the wait is what a restart costs, not a reload of in-memory state.
 */
export const STACK_RESTART_JOB = 'stack.restart';

export function stackRestartingError(): AppError {
  return AppError.of(409, ErrorCode.stackRestarting, STACK_RESTARTING_MESSAGE);
}

/** Refuses a configuration write while the community is not online. */
export async function assertStackOnline(db: Db, stackId: number): Promise<void> {
  const row = await findStack(db, stackId);
  if (row?.status !== 'online') throw stackRestartingError();
}

/**
 * Runs `write` and starts the restart, atomically: the status moves from online to progress in the
 * same transaction (so two concurrent saves cannot both pass), then the restart job is queued.
 */
export async function changeAndRestart(
  deps: Pick<PlatformDeps, 'db' | 'jobs' | 'clock' | 'config'>,
  stackId: number,
  write: (trx: Db) => Promise<void>,
): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    if (!(await beginRestart(trx, stackId))) throw stackRestartingError();
    await write(trx);
  });
  try {
    await deps.jobs.enqueue(
      STACK_RESTART_JOB,
      {},
      {
        stackId,
        runAt: new Date(deps.clock.now().getTime() + deps.config.restartSeconds * 1000),
        dedupeKey: `${STACK_RESTART_JOB}:${stackId}`,
        maxAttempts: 10,
      },
    );
  } catch (error) {
    await endRestart(deps.db, stackId);
    throw error;
  }
}

export function registerStackRestartJob(jobs: JobQueue, db: Db): void {
  jobs.register(STACK_RESTART_JOB, async (job) => {
    if (job.stackId !== null) await endRestart(db, job.stackId);
  });
}
