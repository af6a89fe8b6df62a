import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommittedWrites } from '../platform/db/committed-writes.ts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import '../modules/domain-settings/domain-settings.tables.ts';
import { HOST_ROUTING_TTL_MS, hostResolver } from './host-routing.ts';

/**
 * The host → community answer never goes stale for long (ADR 0029): a write made where this process
 * is told empties the cache at once; one it is not told of (another server on the same PostgreSQL)
 * is seen once the answer's short life is over.
 */
let t: TestApp;
let demoId: number;
let realMs = 0;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

describe('host resolver', () => {
  it('sees another process’s domain change within its time to live, and unknown hosts at once', async () => {
    const feed = new CommittedWrites(); // told nothing: the writes below are "another process's"
    const resolve = hostResolver({ db: t.db, clock: t.clock, writes: feed, monotonicMs: () => realMs });
    expect(await resolve('own.example.org')).toEqual({ kind: 'unknown' });
    await t.db
      .insertInto('stack_domains')
      .values({ stack_id: demoId, domain: 'own.example.org', updated_at: new Date() })
      .execute();
    // Unknown hosts are never kept: the new domain serves on the next request.
    expect(await resolve('own.example.org')).toEqual({ kind: 'community', slug: 'demo' });

    await t.db.deleteFrom('stack_domains').where('stack_id', '=', demoId).execute();
    realMs += HOST_ROUTING_TTL_MS - 1;
    expect(await resolve('own.example.org')).toEqual({ kind: 'community', slug: 'demo' });
    realMs += 2;
    expect(await resolve('own.example.org')).toEqual({ kind: 'unknown' });
  });

  it('forgets at once when this process is told of a write to the domains', async () => {
    const feed = new CommittedWrites();
    const resolve = hostResolver({ db: t.db, clock: t.clock, writes: feed, monotonicMs: () => realMs });
    await t.db
      .insertInto('stack_domains')
      .values({ stack_id: demoId, domain: 'told.example.org', updated_at: new Date() })
      .execute();
    expect(await resolve('told.example.org')).toEqual({ kind: 'community', slug: 'demo' });
    await t.db.deleteFrom('stack_domains').where('stack_id', '=', demoId).execute();
    feed.publish({ tables: new Set(['stack_domains']), rawSql: [] });
    expect(await resolve('told.example.org')).toEqual({ kind: 'unknown' });
  });
});
