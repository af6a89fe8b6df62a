import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { systemClock } from '../clock.ts';
import { createJobQueue, type JobContext } from './job-queue.ts';
import { stackBySlug } from '../../test-support/fixtures.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function jobRow(id: number) {
  return t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('job queue', () => {
  it('runs a due job once with its payload, community and attempt, and records when it finished', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    const seen: JobContext[] = [];
    queue.register('test.echo', async (job) => {
      seen.push(job);
    });
    const demo = await stackBySlug(t.db, 'demo');
    const id = await queue.enqueue('test.echo', { hello: 'world' }, { stackId: demo.id });
    expect(await queue.runDue()).toBe(1);
    expect(seen).toEqual([{ id, stackId: demo.id, payload: { hello: 'world' }, attempt: 1 }]);
    expect(await queue.runDue()).toBe(0);
    const row = await jobRow(id);
    expect(row.finished_at).toEqual(t.clock.now());
    expect(row.locked_at).toBeNull();
    expect(row.failed_at).toBeNull();
  });

  it('waits for run_at', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    let runs = 0;
    queue.register('test.later', async () => {
      runs += 1;
    });
    await queue.enqueue('test.later', {}, { runAt: new Date(t.clock.now().getTime() + 60_000) });
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(59);
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(1);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
  });

  it('retries a failed job with a growing delay and keeps the last error visible', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    let calls = 0;
    queue.register('test.flaky', async () => {
      calls += 1;
      if (calls < 3) throw new Error(`boom ${calls}`);
    });
    const id = await queue.enqueue('test.flaky', {});
    const start = t.clock.now().getTime();

    expect(await queue.runDue()).toBe(1);
    let row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 1, last_error: 'boom 1', finished_at: null, failed_at: null });
    expect(row.run_at.getTime()).toBe(start + 10_000);
    expect(row.locked_at).toBeNull();

    expect(await queue.runDue()).toBe(0); // not yet due again
    t.clock.advance(10);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row).toMatchObject({ attempts: 2, last_error: 'boom 2' });
    expect(row.run_at.getTime()).toBe(start + 10_000 + 20_000); // the delay grew

    t.clock.advance(20);
    expect(await queue.runDue()).toBe(1);
    row = await jobRow(id);
    expect(row.attempts).toBe(3);
    expect(row.finished_at).not.toBeNull();
    expect(calls).toBe(3);
  });

  it('marks a job failed after max attempts and never runs it again', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    let calls = 0;
    queue.register('test.broken', async () => {
      calls += 1;
      throw new Error('SMTP said no');
    });
    const id = await queue.enqueue('test.broken', {}, { maxAttempts: 2 });
    await queue.runDue();
    t.clock.advance(3600);
    await queue.runDue();
    const row = await jobRow(id);
    expect(row.attempts).toBe(2);
    expect(row.failed_at).toEqual(t.clock.now());
    expect(row.last_error).toBe('SMTP said no');
    expect(row.finished_at).toBeNull();
    t.clock.advance(86400);
    expect(await queue.runDue()).toBe(0);
    expect(calls).toBe(2);
  });

  it('deduplicates waiting jobs by key, and frees the key once the job is done', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    let runs = 0;
    queue.register('test.dedupe', async () => {
      runs += 1;
    });
    const first = await queue.enqueue('test.dedupe', { n: 1 }, { dedupeKey: 'dedupe:a' });
    const second = await queue.enqueue('test.dedupe', { n: 2 }, { dedupeKey: 'dedupe:a' });
    const other = await queue.enqueue('test.dedupe', { n: 3 }, { dedupeKey: 'dedupe:b' });
    expect(second).toBe(first);
    expect(other).not.toBe(first);
    const rows = await t.db.selectFrom('jobs').select('id').where('kind', '=', 'test.dedupe').execute();
    expect(rows).toHaveLength(2);
    expect(await queue.runDue()).toBe(2);
    const third = await queue.enqueue('test.dedupe', { n: 4 }, { dedupeKey: 'dedupe:a' });
    expect(third).not.toBe(first);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(3);
  });

  it('never runs one job twice across workers, and leaves kinds it does not know to others', async () => {
    const runs: string[] = [];
    const a = createJobQueue({ db: t.db, clock: t.clock, workerId: 'worker-a' });
    const b = createJobQueue({ db: t.db, clock: t.clock, workerId: 'worker-b' });
    a.register('test.shared', async (job) => {
      runs.push(`a:${String((job.payload as { n: number }).n)}`);
    });
    b.register('test.shared', async (job) => {
      runs.push(`b:${String((job.payload as { n: number }).n)}`);
    });
    for (let n = 0; n < 6; n += 1) await a.enqueue('test.shared', { n });
    await a.enqueue('test.only-c', {});
    const [ranA, ranB] = await Promise.all([a.runDue(), b.runDue()]);
    expect(ranA + ranB).toBe(6);
    expect(runs.map((r) => r.split(':')[1]).sort()).toEqual(['0', '1', '2', '3', '4', '5']);
    const orphan = await t.db
      .selectFrom('jobs')
      .select(['attempts', 'finished_at'])
      .where('kind', '=', 'test.only-c')
      .executeTakeFirstOrThrow();
    expect(orphan).toEqual({ attempts: 0, finished_at: null });
  });

  it('claims again a job whose worker died holding it, once the lock is stale', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock, lockTimeoutSeconds: 300 });
    let runs = 0;
    queue.register('test.stale', async () => {
      runs += 1;
    });
    const id = await queue.enqueue('test.stale', {});
    await t.db
      .updateTable('jobs')
      .set({ locked_at: t.clock.now(), locked_by: 'dead-worker', attempts: 1 })
      .where('id', '=', id)
      .execute();
    expect(await queue.runDue()).toBe(0);
    t.clock.advance(301);
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await jobRow(id)).attempts).toBe(2);
  });

  it('keeps the lease of a job that runs longer than the lock timeout, so no other worker takes it', async () => {
    const first = createJobQueue({
      db: t.db,
      clock: t.clock,
      lockTimeoutSeconds: 300,
      heartbeatMs: 5,
      workerId: 'alive-worker',
    });
    const second = createJobQueue({ db: t.db, clock: t.clock, lockTimeoutSeconds: 300, workerId: 'other' });
    const runs: string[] = [];
    let stolen = -1;
    first.register('test.long', async () => {
      runs.push('first');
      t.clock.advance(301);
      // The lease is renewed at the new time while the job still runs.
      const renewedAt = t.clock.now().getTime();
      for (;;) {
        const row = await t.db
          .selectFrom('jobs')
          .select('locked_at')
          .where('kind', '=', 'test.long')
          .executeTakeFirstOrThrow();
        if (row.locked_at && new Date(row.locked_at).getTime() === renewedAt) break;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      stolen = await second.runDue();
    });
    second.register('test.long', async () => {
      runs.push('second');
    });
    const id = await first.enqueue('test.long', {});
    expect(await first.runDue()).toBe(1);
    expect(stolen).toBe(0);
    expect(runs).toEqual(['first']);
    const row = await jobRow(id);
    expect(row.finished_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('does not let a worker that lost its job to another one mark it finished', async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock, workerId: 'slow-worker' });
    queue.register('test.lost', async (job) => {
      // Meanwhile another worker took the job over (this one looked dead).
      await t.db.updateTable('jobs').set({ locked_by: 'new-owner' }).where('id', '=', job.id).execute();
    });
    const id = await queue.enqueue('test.lost', {});
    await queue.runDue();
    const row = await jobRow(id);
    expect(row.finished_at).toBeNull();
    expect(row.locked_by).toBe('new-owner');
  });

  it("queues a job within the caller's transaction: gone when it rolls back, there when it commits", async () => {
    const queue = createJobQueue({ db: t.db, clock: t.clock });
    let runs = 0;
    queue.register('test.within', async () => {
      runs += 1;
    });
    await expect(
      t.db.transaction().execute(async (trx) => {
        await queue.enqueue('test.within', {}, { within: trx, dedupeKey: 'within-1' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await queue.runDue()).toBe(0);
    const id = await t.db
      .transaction()
      .execute((trx) => queue.enqueue('test.within', {}, { within: trx, dedupeKey: 'within-1' }));
    expect(await queue.runDue()).toBe(1);
    expect(runs).toBe(1);
    expect((await jobRow(id)).finished_at).not.toBeNull();
  });

  it('stops after the job in progress: it finishes, and the next due job waits for another worker', async () => {
    const queue = createJobQueue({ db: t.db, clock: systemClock, pollMs: 20 });
    let release: () => void = () => {};
    let began: () => void = () => {};
    const running = new Promise<void>((resolve) => (began = resolve));
    const ran: number[] = [];
    queue.register('test.graceful', async (job) => {
      ran.push(job.id);
      began();
      await new Promise<void>((resolve) => (release = resolve));
    });
    const past = new Date(Date.now() - 1000);
    const first = await queue.enqueue('test.graceful', {}, { runAt: past });
    const second = await queue.enqueue('test.graceful', {}, { runAt: new Date(past.getTime() + 1) });
    queue.start();
    await running;
    const stopped = queue.stop();
    release();
    await stopped;
    expect(ran).toEqual([first]);
    expect((await jobRow(first)).finished_at).not.toBeNull();
    const waiting = await jobRow(second);
    expect(waiting).toMatchObject({ finished_at: null, locked_by: null, attempts: 0 });
  });

  it('runs jobs in the background once started, and stops', async () => {
    const queue = createJobQueue({ db: t.db, clock: systemClock, pollMs: 20 });
    let resolveRan: () => void = () => {};
    const ran = new Promise<void>((resolve) => {
      resolveRan = resolve;
    });
    queue.register('test.background', async () => resolveRan());
    await queue.enqueue('test.background', {}, { runAt: new Date(Date.now() - 1000) });
    queue.start();
    await ran;
    await queue.stop();
  });
});
