import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import type {} from './jobs.tables.ts';

export interface JobContext {
  id: number;
  stackId: number | null;
  payload: unknown;
  attempt: number;
}

export interface JobQueue {
  register(kind: string, handler: (job: JobContext) => Promise<void>): void;
  enqueue(
    kind: string,
    payload: unknown,
    options?: {
      stackId?: number;
      runAt?: Date;
      maxAttempts?: number;
      dedupeKey?: string;
      /** The caller's transaction: the job exists exactly when the caller's write commits. */
      within?: Db;
    },
  ): Promise<number>;
  /** Runs every due job once, now (tests call this instead of waiting for the worker). */
  runDue(): Promise<number>;
  start(): void;
  /** Stops polling; a pass in progress ends after its current job, which is awaited. */
  stop(): Promise<void>;
  /** Whether this process's worker is polling (`start` called and not stopped). */
  isStarted(): boolean;
}

export type JobLogger = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export interface JobQueueOptions {
  db: Db;
  clock: Clock;
  logger?: JobLogger;
  /** Names this process in `locked_by`. */
  workerId?: string;
  /** How often the worker looks for due jobs. */
  pollMs?: number;
  /**
   * A job's lease: a worker renews it while the job runs (every `heartbeatMs`), so a lock older than
   * this belongs to a dead worker and the job is claimed again.
   */
  lockTimeoutSeconds?: number;
  /** How often a running job's lease is renewed (a quarter of the lease by default). */
  heartbeatMs?: number;
  /** Seconds before the next try after the given failed attempt (1-based). */
  retryDelaySeconds?: (attempt: number) => number;
}

export const DEFAULT_MAX_ATTEMPTS = 5;
const DEFAULT_POLL_MS = 1000;
const DEFAULT_LOCK_TIMEOUT_SECONDS = 60;
/** A bound on one runDue() pass, so a flood of jobs cannot starve the caller forever. */
const MAX_JOBS_PER_PASS = 500;

/** Growing delay: 10 s, 20 s, 40 s, 80 s… capped at one hour. */
export function defaultRetryDelaySeconds(attempt: number): number {
  return Math.min(3600, 10 * 2 ** Math.max(0, attempt - 1));
}

function errorText(error: unknown): string {
  const text = error instanceof Error ? error.message || error.name : String(error);
  return text.slice(0, 2000);
}

interface ClaimedJob {
  id: number;
  stack_id: number | null;
  kind: string;
  payload: unknown;
  attempts: number;
  max_attempts: number;
}

const silentLogger: JobLogger = { info: () => {}, warn: () => {}, error: () => {} };

/**
 * A job queue kept in the `jobs` table. Any number of processes may run it: a job is claimed with
 * `FOR UPDATE SKIP LOCKED`, retried with a growing delay, and kept with its last error (and
 * `failed_at` once out of attempts) so that no failure is silently dropped.
 */
export function createJobQueue(options: JobQueueOptions): JobQueue {
  const { db, clock } = options;
  const logger = options.logger ?? silentLogger;
  const workerId = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const pollMs = options.pollMs ?? DEFAULT_POLL_MS;
  const lockTimeoutMs = (options.lockTimeoutSeconds ?? DEFAULT_LOCK_TIMEOUT_SECONDS) * 1000;
  const heartbeatMs = options.heartbeatMs ?? lockTimeoutMs / 4;
  const retryDelay = options.retryDelaySeconds ?? defaultRetryDelaySeconds;
  const handlers = new Map<string, (job: JobContext) => Promise<void>>();

  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<unknown> | undefined;
  let started = false;
  let stopping = false;

  async function claim(): Promise<ClaimedJob | undefined> {
    const kinds = [...handlers.keys()];
    if (kinds.length === 0) return undefined;
    const now = clock.now();
    const staleBefore = new Date(now.getTime() - lockTimeoutMs);
    const row = await db
      .updateTable('jobs')
      .set({ locked_at: now, locked_by: workerId, attempts: sql<number>`attempts + 1` })
      .where('id', '=', (eb) =>
        eb
          .selectFrom('jobs')
          .select('id')
          .where('finished_at', 'is', null)
          .where('failed_at', 'is', null)
          .where('run_at', '<=', now)
          .where('kind', 'in', kinds)
          .where((w) => w.or([w('locked_at', 'is', null), w('locked_at', '<', staleBefore)]))
          .orderBy('run_at')
          .orderBy('id')
          .limit(1)
          .forUpdate()
          .skipLocked(),
      )
      .returning(['id', 'stack_id', 'kind', 'payload', 'attempts', 'max_attempts'])
      .executeTakeFirst();
    return row ? { ...row, id: Number(row.id) } : undefined;
  }

  /** Renews the job's lease while it runs, so that no other worker takes a live job for a dead one. */
  function keepLease(job: ClaimedJob): () => void {
    const timer = setInterval(() => {
      db.updateTable('jobs')
        .set({ locked_at: clock.now() })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .executeTakeFirst()
        .then((result) => {
          if (Number(result.numUpdatedRows) === 0) {
            logger.warn({ jobId: job.id, kind: job.kind }, 'job lease lost to another worker');
          }
        })
        .catch((error: unknown) =>
          logger.warn({ jobId: job.id, error: errorText(error) }, 'job lease not renewed'),
        );
    }, heartbeatMs);
    timer.unref?.();
    return () => clearInterval(timer);
  }

  async function run(job: ClaimedJob): Promise<void> {
    const handler = handlers.get(job.kind);
    const release = keepLease(job);
    try {
      if (!handler) throw new Error(`No handler for job kind "${job.kind}"`);
      await handler({ id: job.id, stackId: job.stack_id, payload: job.payload, attempt: job.attempts });
      release();
      await db
        .updateTable('jobs')
        .set({ finished_at: clock.now(), locked_at: null, locked_by: null })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
    } catch (error) {
      release();
      const message = errorText(error);
      const now = clock.now();
      const exhausted = job.attempts >= job.max_attempts;
      await db
        .updateTable('jobs')
        .set({
          last_error: message,
          locked_at: null,
          locked_by: null,
          ...(exhausted
            ? { failed_at: now }
            : { run_at: new Date(now.getTime() + retryDelay(job.attempts) * 1000) }),
        })
        .where('id', '=', job.id)
        .where('locked_by', '=', workerId)
        .execute();
      const entry = {
        jobId: job.id,
        kind: job.kind,
        stackId: job.stack_id,
        attempt: job.attempts,
        error: message,
      };
      if (exhausted) logger.error(entry, 'job failed for good');
      else logger.warn(entry, 'job failed; will retry');
    }
  }

  async function runDue(): Promise<number> {
    let count = 0;
    while (count < MAX_JOBS_PER_PASS && !stopping) {
      const job = await claim();
      if (!job) break;
      await run(job);
      count += 1;
    }
    return count;
  }

  function schedule(delay: number): void {
    timer = setTimeout(() => {
      timer = undefined;
      running = runDue()
        .catch((error: unknown) => logger.error({ error: errorText(error) }, 'job worker pass failed'))
        .finally(() => {
          running = undefined;
          if (started) schedule(pollMs);
        });
    }, delay);
    timer.unref?.();
  }

  return {
    register(kind, handler) {
      if (handlers.has(kind)) throw new Error(`Job kind "${kind}" is already registered`);
      handlers.set(kind, handler);
    },

    async enqueue(kind, payload, enqueueOptions = {}) {
      const values = {
        kind,
        payload: JSON.stringify(payload ?? {}),
        stack_id: enqueueOptions.stackId ?? null,
        run_at: enqueueOptions.runAt ?? clock.now(),
        max_attempts: enqueueOptions.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
        dedupe_key: enqueueOptions.dedupeKey ?? null,
      };
      const key = enqueueOptions.dedupeKey;
      const executor = enqueueOptions.within ?? db;
      for (let tries = 0; tries < 3; tries += 1) {
        const inserted = await executor
          .insertInto('jobs')
          .values(values)
          .onConflict((oc) =>
            oc
              .column('dedupe_key')
              .where('dedupe_key', 'is not', null)
              .where('finished_at', 'is', null)
              .where('failed_at', 'is', null)
              .doNothing(),
          )
          .returning('id')
          .executeTakeFirst();
        if (inserted) return Number(inserted.id);
        // Deduplicated: the waiting (or running) job with this key stands for this one.
        const existing = await executor
          .selectFrom('jobs')
          .select('id')
          .where('dedupe_key', '=', key ?? '')
          .where('finished_at', 'is', null)
          .where('failed_at', 'is', null)
          .executeTakeFirst();
        if (existing) return Number(existing.id);
      }
      throw new Error(`Could not enqueue job "${kind}"`);
    },

    runDue,

    isStarted: () => started,

    start() {
      if (started) return;
      started = true;
      schedule(0);
    },

    async stop() {
      started = false;
      // The pass in progress ends after its current job (finished or returned to the queue).
      stopping = true;
      if (timer) clearTimeout(timer);
      timer = undefined;
      try {
        await running;
      } finally {
        stopping = false;
      }
    },
  };
}
