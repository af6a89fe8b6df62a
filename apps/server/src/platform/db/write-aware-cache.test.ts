import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { WriteAwareCache } from './write-aware-cache.ts';
import type { WriteNotice } from './committed-writes.ts';
import '../jobs/jobs.tables.ts';
import '../http/rate-limit.tables.ts';

// ADR 0015: a value derived from the database is kept until a committed write of this process names a
// table it was read from, for at most its time to live, and never past its own validity.

let handle: DatabaseHandle;
const NOW = new Date('2026-11-26T12:00:00Z');
const FAR = new Date('2030-01-01T00:00:00Z');

beforeAll(async () => {
  handle = await openDatabase({ pgliteDir: 'memory://' });
});
afterAll(() => handle.close());

/** A job whose kind the tests read and change; its id. */
const job = async (kind: string) =>
  (
    await handle.db
      .insertInto('jobs')
      .values({ kind, payload: '{}', run_at: NOW, max_attempts: 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

const setKind = (id: number, kind: string) =>
  handle.db.updateTable('jobs').set({ kind }).where('id', '=', id).execute();

/** A cache over jobs' kinds, counting how often it read the database. */
function clientIdCache(options: { ttlMs?: number; maxEntries?: number; validUntil?: Date } = {}) {
  let realMs = 0;
  const cache = new WriteAwareCache<string | undefined>({
    writes: handle.writes,
    ttlMs: options.ttlMs ?? 60_000,
    maxEntries: options.maxEntries ?? 100,
    now: () => NOW,
    keepUntil: (value) => (value === undefined ? undefined : (options.validUntil ?? FAR)),
    monotonicMs: () => realMs,
  });
  const reader = cache.reader(handle.db);
  let fills = 0;
  const read = (id: number) =>
    cache.get(String(id), async () => {
      fills += 1;
      const row = await reader.selectFrom('jobs').select('kind').where('id', '=', id).executeTakeFirst();
      return row?.kind;
    });
  return {
    cache,
    read,
    fills: () => fills,
    passRealTime: (ms: number) => {
      realMs += ms;
    },
  };
}

let id = 0;
beforeEach(async () => {
  id = await job('first');
});

describe('a write-aware cache', () => {
  it('answers again from memory until this process commits a write to a table it read', async () => {
    const c = clientIdCache();
    expect(await c.read(id)).toBe('first');
    expect(await c.read(id)).toBe('first');
    expect(c.fills()).toBe(1);
    await setKind(id, 'second');
    expect(await c.read(id)).toBe('second');
    expect(c.fills()).toBe(2);
    c.cache.unsubscribe();
  });

  it('keeps its answers through writes to tables it never read', async () => {
    const c = clientIdCache();
    await c.read(id);
    await handle.db
      .insertInto('rate_limit_hits')
      .values({ bucket: 'test', key: 'k', created_at: NOW })
      .execute();
    await c.read(id);
    expect(c.fills()).toBe(1);
    c.cache.unsubscribe();
  });

  it('sees a write made in a transaction only once it commits, and forgets on commit', async () => {
    const c = clientIdCache();
    await c.read(id);
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ kind: 'in-trx' }).where('id', '=', id).execute();
      // Not committed yet: the kept answer is still the truth for everyone else.
      expect(await c.read(id)).toBe('first');
      expect(c.fills()).toBe(1);
    });
    expect(await c.read(id)).toBe('in-trx');
    expect(c.fills()).toBe(2);
    c.cache.unsubscribe();
  });

  it('empties on a raw SQL write that names a table it read', async () => {
    const c = clientIdCache();
    await c.read(id);
    await sql`update jobs set kind = 'raw' where id = ${id}`.execute(handle.db);
    expect(await c.read(id)).toBe('raw');
    expect(c.fills()).toBe(2);
    c.cache.unsubscribe();
  });

  it('does not keep an answer read while a write was committed, since it may predate the write', async () => {
    const c = clientIdCache();
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const raced = c.cache.get(String(id), async () => {
      const row = await c.cache
        .reader(handle.db)
        .selectFrom('jobs')
        .select('kind')
        .where('id', '=', id)
        .executeTakeFirst();
      await gate; // the answer is in hand, and a write commits before it is kept
      return row?.kind;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    await setKind(id, 'later');
    release();
    expect(await raced).toBe('first');
    expect(c.cache.size).toBe(0);
    expect(await c.read(id)).toBe('later');
    c.cache.unsubscribe();
  });

  it('lets callers that miss together share one read, but not across a write', async () => {
    const c = clientIdCache();
    const together = await Promise.all([c.read(id), c.read(id), c.read(id)]);
    expect(together).toEqual(['first', 'first', 'first']);
    expect(c.fills()).toBe(1);

    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let slowFills = 0;
    const slow = () =>
      c.cache.get('slow', async () => {
        slowFills += 1;
        await gate;
        return 'read';
      });
    const early = slow();
    await setKind(id, 'written'); // a relevant write while the first read is under way
    const late = slow(); // must not take the read that may predate the write
    release();
    expect(await Promise.all([early, late])).toEqual(['read', 'read']);
    expect(slowFills).toBe(2);
    c.cache.unsubscribe();
  });

  it("serves an answer for its time to live only (another process's writes are not told)", async () => {
    const c = clientIdCache({ ttlMs: 500 });
    await c.read(id);
    c.passRealTime(499);
    await c.read(id);
    expect(c.fills()).toBe(1);
    c.passRealTime(2);
    await c.read(id);
    expect(c.fills()).toBe(2);
    c.cache.unsubscribe();
  });

  it('never serves an answer past the moment its value stops being true, nor keeps what it is told not to', async () => {
    const expired = clientIdCache({ validUntil: new Date(NOW.getTime() - 1) });
    await expired.read(id);
    await expired.read(id);
    expect(expired.fills()).toBe(2);
    expired.cache.unsubscribe();
    const none = clientIdCache();
    const missing = -1;
    await none.read(missing);
    await none.read(missing);
    expect(none.fills()).toBe(2);
    expect(none.cache.size).toBe(0);
    none.cache.unsubscribe();
  });

  it('holds at most its maximum, letting the oldest go', async () => {
    const c = clientIdCache({ maxEntries: 2 });
    const [b, third] = [await job('b'), await job('c')];
    await c.read(id);
    await c.read(b);
    await c.read(third);
    expect(c.cache.size).toBe(2);
    await c.read(third);
    expect(c.fills()).toBe(3);
    await c.read(id);
    expect(c.fills()).toBe(4);
    c.cache.unsubscribe();
  });
});

describe("the database's committed writes", () => {
  it('tell the tables each released connection wrote, after its commit, and nothing for reads', async () => {
    const notices: WriteNotice[] = [];
    const stop = handle.writes.subscribe((notice) => notices.push(notice));
    await handle.db.selectFrom('jobs').select('id').execute();
    await sql`select count(*) from jobs`.execute(handle.db);
    expect(notices).toEqual([]);

    await handle.db.deleteFrom('rate_limit_hits').where('id', '=', -1).execute();
    expect([...(notices.at(-1)?.tables ?? [])]).toEqual(['rate_limit_hits']);

    let insideTransaction = -1;
    await handle.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ kind: 'x' }).where('id', '=', id).execute();
      insideTransaction = notices.length;
    });
    expect(insideTransaction).toBe(1);
    expect(notices).toHaveLength(2);
    expect([...(notices[1]?.tables ?? [])]).toEqual(['jobs']);

    // A write hidden in a CTE of a SELECT counts; raw text that may write is passed on as text.
    await handle.db
      .with('gone', (db) => db.deleteFrom('jobs').where('id', '=', -1).returning('id'))
      .selectFrom('gone')
      .selectAll()
      .execute();
    expect(notices[2]?.tables.has('jobs')).toBe(true);
    await sql`delete from jobs where id = -1`.execute(handle.db);
    expect(notices[3]?.rawSql).toEqual(['delete from jobs where id = -1']);
    stop();
  });
});
