import type { FlaggedContent } from '@agora/contract';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addStaff, stackBySlug } from '../../test-support/fixtures.ts';
import { QueryCounter } from '../../test-support/query-counter.ts';
import { createModerationService } from './moderation.service.ts';

// The moderation list is a page of flag groups: what it costs the database must not grow with the
// page (a console asking for 50 flagged contents pays the same as one asking for 5), and one flagged
// content's page reads that content's flags, not the community's.

const PAGE = 4;

let t: TestApp;
let demoId: number;
let authorId: number;
const counter = new QueryCounter();
let service: ReturnType<typeof createModerationService>;

/** What each flagged content should show: its own votes and shares, whatever else is on the page. */
const expected = new Map<string, { votes: number; shares: number; excerpt: string; flagged_by: string[] }>();

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await stackBySlug(t.db, 'demo')).id;
  service = createModerationService({ db: t.db.withPlugin(counter), clock: t.clock, mailer: t.mailer });
  authorId = await addStaff(t.db, demoId, null, 'author', null);
  const members = [];
  for (let i = 0; i < 3; i += 1) members.push(await addStaff(t.db, demoId, null, `member${i}`, null));

  // Twice a page of flagged contents, posts and comments alternating, each with its own counts;
  // flagged one minute apart so the newest-first order is fixed.
  for (let i = 0; i < 2 * PAGE; i += 1) {
    t.clock.advance(60);
    const post = await t.db
      .insertInto('contributions')
      .values({
        stack_id: demoId,
        type: 'post',
        author_id: authorId,
        title: '',
        body: `Post ${i}`,
        created_at: t.clock.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const postId = Number(post.id);
    let type: 'post' | 'comment' = 'post';
    let id = postId;
    if (i % 2 === 1) {
      const comment = await t.db
        .insertInto('comments')
        .values({
          stack_id: demoId,
          contribution_id: postId,
          parent_id: null,
          author_id: authorId,
          body: `Comment ${i}`,
          created_at: t.clock.now(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      type = 'comment';
      id = Number(comment.id);
    }
    const voters = members.slice(0, i % 3);
    for (const user of voters) {
      await t.db
        .insertInto('votes')
        .values({
          stack_id: demoId,
          user_id: user,
          target_type: type === 'comment' ? 'comment' : 'contribution',
          target_id: id,
          target_author_id: authorId,
          contribution_id: postId,
          created_at: t.clock.now(),
        })
        .execute();
    }
    const shares = type === 'post' ? (i % 4) + 1 : 0;
    for (let s = 0; s < shares; s += 1) {
      await t.db
        .insertInto('shares')
        .values({
          stack_id: demoId,
          user_id: members[s % members.length]!,
          contribution_id: postId,
          contribution_author_id: authorId,
          network: 'facebook',
          created_at: t.clock.now(),
        })
        .execute();
    }
    const flagger = members[i % members.length]!;
    await t.db
      .insertInto('flags')
      .values({
        stack_id: demoId,
        content_type: type,
        content_id: id,
        author_id: authorId,
        flagged_by: flagger,
        by_bot: false,
        reason: 'spam',
        created_at: t.clock.now(),
      })
      .execute();
    expected.set(`${type}:${id}`, {
      votes: voters.length,
      shares,
      excerpt: type === 'post' ? `Post ${i}` : `Comment ${i}`,
      flagged_by: [`member${i % members.length}`],
    });
  }
});
afterAll(() => t.close());

/** The parts of a row that come from the batched reads, keyed as `expected`. */
const shown = (item: FlaggedContent) => ({
  key: `${item.content_type}:${item.content_id}`,
  votes: item.votes,
  shares: item.shares,
  excerpt: item.excerpt,
  flagged_by: item.flagged_by,
});

describe('moderation reads', () => {
  it('a page of 2N flagged contents costs the same queries as a page of N, each with its own counts', async () => {
    const queriesOf = async (limit: number) => {
      const before = counter.count;
      const page = await service.list(demoId, { limit, offset: 0 });
      return { page, queries: counter.count - before };
    };
    const small = await queriesOf(PAGE);
    const large = await queriesOf(2 * PAGE);
    expect(small.page.results).toHaveLength(PAGE);
    expect(large.page.count).toBe(2 * PAGE);
    expect(large.queries).toBe(small.queries);
    // Newest first, each row with its own content, flaggers, votes and shares.
    const newestFirst = [...expected].reverse().map(([key, values]) => ({ key, ...values }));
    expect(large.page.results.map(shown)).toEqual(newestFirst);
  });

  it('one flagged content answers as its list row does, and is found however many newer flags its type has', async () => {
    const { results } = await service.list(demoId, { limit: 2 * PAGE, offset: 0 });
    const oldestPost = results.filter((item) => item.content_type === 'post').at(-1)!;
    // A thousand newer flagged posts (their contents gone): the oldest post is no longer among the
    // newest thousand groups of its type, and still opens.
    await sql`
      INSERT INTO flags (stack_id, content_type, content_id, author_id, flagged_by, by_bot, reason, created_at)
      SELECT ${demoId}, 'post', 1000000 + n, ${authorId}, NULL, true, 'spam', ${t.clock.now()}::timestamptz + n * interval '1 minute'
      FROM generate_series(1, 1000) AS n
    `.execute(t.db);
    expect(await service.one(demoId, 'post', oldestPost.content_id)).toEqual(oldestPost);
    await expect(service.one(demoId, 'post', 2_000_000)).rejects.toMatchObject({ statusCode: 404 });
  });
});
