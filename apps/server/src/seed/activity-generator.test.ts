import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { openDatabase, type DatabaseHandle } from '../platform/db/database.ts';
import { bootstrap } from './bootstrap.ts';
import {
  deleteActivity,
  dryRunActivity,
  generateActivity,
  hasActivity,
  type GenerateActivityOptions,
  type GenerateActivityResult,
} from './activity-generator.ts';
import { stackBySlug } from '../test-support/fixtures.ts';

const OPTIONS: GenerateActivityOptions = {
  users: 400,
  days: 120,
  seed: 7,
  endDate: new Date('2026-11-21T10:00:00Z'),
};

async function freshDemo(): Promise<{ handle: DatabaseHandle; stackId: number }> {
  const handle = await openDatabase({ pgliteDir: 'memory://' });
  await bootstrap(handle.db, { adminEmail: 'admin@agora.test', adminPassword: 'correct-horse-battery' });
  const stack = await stackBySlug(handle.db, 'demo');
  return { handle, stackId: stack.id };
}

async function firstRows(handle: DatabaseHandle, stackId: number) {
  const db = handle.db;
  return {
    users: await db
      .selectFrom('community_users')
      .select(['id', 'username', 'created_at', 'last_login', 'registered_from', 'device', 'score'])
      .where('stack_id', '=', stackId)
      .where('role', 'is', null)
      .orderBy('id')
      .limit(5)
      .execute(),
    contributions: await db
      .selectFrom('contributions')
      .select(['id', 'type', 'author_id', 'category_id', 'title', 'created_at'])
      .where('stack_id', '=', stackId)
      .orderBy('id')
      .limit(5)
      .execute(),
    votes: await db
      .selectFrom('votes')
      .selectAll()
      .where('stack_id', '=', stackId)
      .orderBy('created_at')
      .orderBy('user_id')
      .orderBy('target_id')
      .limit(5)
      .execute(),
  };
}

describe('generateActivity', () => {
  let a: { handle: DatabaseHandle; stackId: number };
  let first: GenerateActivityResult;

  beforeAll(async () => {
    a = await freshDemo();
    first = await generateActivity(a.handle.db, a.stackId, OPTIONS);
  });
  afterAll(async () => {
    await a.handle.close();
  });

  const db = () => a.handle.db;
  const one = async <T>(query: ReturnType<typeof sql<T>>): Promise<T> => {
    const result = await query.execute(db());
    return result.rows[0] as T;
  };

  it('writes what it counts, in the period, with every activity table filled', async () => {
    const members = await db()
      .selectFrom('community_users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('stack_id', '=', a.stackId)
      .where('role', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(members.n)).toBe(OPTIONS.users);
    for (const [table, count] of Object.entries(first.counts)) {
      if (table === 'community_users') continue;
      const row = await one<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE stack_id = ${a.stackId}`,
      );
      expect(row.n, table).toBe(count);
      expect(count, table).toBeGreaterThan(0);
    }
    const categories = first.counts.categories;
    expect(categories).toBeGreaterThanOrEqual(8);
    expect(categories).toBeLessThanOrEqual(15);
    // The staff row of bootstrap is still there.
    const staff = await db()
      .selectFrom('community_users')
      .select('role')
      .where('stack_id', '=', a.stackId)
      .where('role', 'is not', null)
      .execute();
    expect(staff.map((s) => s.role)).toEqual(['admin']);

    const bounds = await one<{ min: Date; max: Date }>(sql`
      SELECT min(t) AS min, max(t) AS max FROM (
        SELECT created_at AS t FROM community_users WHERE stack_id = ${a.stackId} AND role IS NULL
        UNION ALL SELECT at FROM logins WHERE stack_id = ${a.stackId}
        UNION ALL SELECT created_at FROM votes WHERE stack_id = ${a.stackId}
        UNION ALL SELECT created_at FROM views WHERE stack_id = ${a.stackId}
      ) x`);
    expect(bounds.min.getTime()).toBeGreaterThanOrEqual(first.start.getTime());
    expect(bounds.max.getTime()).toBeLessThan(OPTIONS.endDate!.getTime());
    expect(first.start.toISOString()).toBe('2026-07-25T00:00:00.000Z');
  });

  it('is deterministic: the same seed gives the same rows, another seed different ones', async () => {
    const b = await freshDemo();
    const c = await freshDemo();
    try {
      const again = await generateActivity(b.handle.db, b.stackId, OPTIONS);
      expect(again.counts).toEqual(first.counts);
      expect(await firstRows(b.handle, b.stackId)).toEqual(await firstRows(a.handle, a.stackId));

      const other = await generateActivity(c.handle.db, c.stackId, { ...OPTIONS, seed: 8 });
      expect(other.counts).not.toEqual(first.counts);
      expect(await firstRows(c.handle, c.stackId)).not.toEqual(await firstRows(a.handle, a.stackId));
    } finally {
      await b.handle.close();
      await c.handle.close();
    }
    // The dry run follows the same model.
    expect((await dryRunActivity(OPTIONS)).counts).toEqual({ ...first.counts, tags: 0 });
  }, 120_000);

  it('keeps connections mutual, ordered and unique, and never self-directed', async () => {
    const bad = await one<{
      self: number;
      order: number;
      dup: number;
      follows_self: number;
      pm_self: number;
    }>(sql`
      SELECT
        (SELECT count(*)::int FROM connections WHERE stack_id = ${a.stackId} AND user_a = user_b) AS self,
        (SELECT count(*)::int FROM connections WHERE stack_id = ${a.stackId} AND user_a >= user_b) AS order,
        (SELECT count(*)::int FROM (SELECT least(user_a, user_b), greatest(user_a, user_b) FROM connections
           WHERE stack_id = ${a.stackId} GROUP BY 1, 2 HAVING count(*) > 1) d) AS dup,
        (SELECT count(*)::int FROM follows WHERE stack_id = ${a.stackId} AND follower_id = followed_id) AS follows_self,
        (SELECT count(*)::int FROM private_messages WHERE stack_id = ${a.stackId} AND sender_id = recipient_id) AS pm_self`);
    expect(bad).toEqual({ self: 0, order: 0, dup: 0, follows_self: 0, pm_self: 0 });
  });

  it('credits every vote to the author of its target, after the target exists, and not to the voter', async () => {
    const row = await one<{ total: number; wrong: number; early: number; own: number; dangling: number }>(sql`
      SELECT count(*)::int AS total,
        count(*) FILTER (WHERE v.target_author_id <> coalesce(c.author_id, k.author_id))::int AS wrong,
        count(*) FILTER (WHERE v.created_at < coalesce(c.created_at, k.created_at))::int AS early,
        count(*) FILTER (WHERE v.user_id = v.target_author_id)::int AS own,
        count(*) FILTER (WHERE c.id IS NULL AND k.id IS NULL)::int AS dangling
      FROM votes v
      LEFT JOIN contributions c ON v.target_type = 'contribution' AND c.id = v.target_id AND c.stack_id = v.stack_id
        AND c.id = v.contribution_id
      LEFT JOIN comments k ON v.target_type = 'comment' AND k.id = v.target_id AND k.stack_id = v.stack_id
        AND k.contribution_id = v.contribution_id
      WHERE v.stack_id = ${a.stackId}`);
    expect(row.total).toBeGreaterThan(100);
    expect(row).toMatchObject({ wrong: 0, early: 0, own: 0, dangling: 0 });
    const byType = await one<{ comment: number; contribution: number }>(sql`
      SELECT count(*) FILTER (WHERE target_type = 'comment')::int AS comment,
             count(*) FILTER (WHERE target_type = 'contribution')::int AS contribution
      FROM votes WHERE stack_id = ${a.stackId}`);
    expect(byType.comment).toBeGreaterThan(0);
    expect(byType.contribution).toBeGreaterThan(byType.comment);
  });

  it('keeps comments, replies, shares and poll votes consistent with their contributions', async () => {
    const row = await one<Record<string, number>>(sql`
      SELECT
        (SELECT count(*)::int FROM comments k LEFT JOIN contributions c ON c.id = k.contribution_id
           WHERE k.stack_id = ${a.stackId} AND (c.id IS NULL OR k.created_at < c.created_at)) AS bad_comments,
        (SELECT count(*)::int FROM comments k JOIN comments p ON p.id = k.parent_id
           WHERE k.stack_id = ${a.stackId} AND (p.contribution_id <> k.contribution_id OR p.created_at > k.created_at))
           AS bad_replies,
        (SELECT count(*)::int FROM comments WHERE stack_id = ${a.stackId} AND parent_id IS NOT NULL) AS replies,
        (SELECT count(*)::int FROM shares s JOIN contributions c ON c.id = s.contribution_id
           WHERE s.stack_id = ${a.stackId} AND s.contribution_author_id <> c.author_id) AS bad_shares,
        (SELECT count(*)::int FROM poll_votes p JOIN contributions c ON c.id = p.contribution_id
           WHERE p.stack_id = ${a.stackId} AND c.type <> 'poll') AS votes_off_polls,
        (SELECT count(*)::int FROM (SELECT contribution_id, user_id FROM poll_votes p
           JOIN contributions c ON c.id = p.contribution_id AND NOT c.multiple_choices
           WHERE p.stack_id = ${a.stackId} GROUP BY 1, 2 HAVING count(*) > 1) d) AS double_single_votes,
        (SELECT count(*)::int FROM contributions WHERE stack_id = ${a.stackId} AND type = 'poll' AND multiple_choices)
           AS multiple_polls,
        (SELECT count(DISTINCT type)::int FROM contributions WHERE stack_id = ${a.stackId}) AS types,
        (SELECT count(*)::int FROM contributions c LEFT JOIN categories g ON g.id = c.category_id
           WHERE c.stack_id = ${a.stackId} AND g.id IS NULL) AS uncategorised`);
    expect(row).toMatchObject({
      bad_comments: 0,
      bad_replies: 0,
      bad_shares: 0,
      votes_off_polls: 0,
      double_single_votes: 0,
      types: 4,
      uncategorised: 0,
    });
    expect(row.replies).toBeGreaterThan(0);
    expect(row.multiple_polls).toBeGreaterThan(0);
  });

  it('keeps last_login equal to the latest login of each member, and every login after registration', async () => {
    const row = await one<{ mismatched: number; early: number; with_login: number }>(sql`
      SELECT
        count(*) FILTER (WHERE u.last_login IS DISTINCT FROM l.max_at)::int AS mismatched,
        count(*) FILTER (WHERE l.min_at < u.created_at)::int AS early,
        count(l.max_at)::int AS with_login
      FROM community_users u
      LEFT JOIN (SELECT user_id, max(at) AS max_at, min(at) AS min_at FROM logins WHERE stack_id = ${a.stackId}
                 GROUP BY user_id) l ON l.user_id = u.id
      WHERE u.stack_id = ${a.stackId} AND u.role IS NULL`);
    expect(row).toEqual({ mismatched: 0, early: 0, with_login: OPTIONS.users });
  });

  it('has weekly seasonality: more activity per weekday than per weekend day', async () => {
    const row = await one<{ weekday: number; weekend: number }>(sql`
      WITH events AS (
        SELECT at AS t FROM logins WHERE stack_id = ${a.stackId}
        UNION ALL SELECT created_at FROM contributions WHERE stack_id = ${a.stackId}
        UNION ALL SELECT created_at FROM comments WHERE stack_id = ${a.stackId}
        UNION ALL SELECT created_at FROM votes WHERE stack_id = ${a.stackId}
      ), days AS (
        SELECT date_trunc('day', t AT TIME ZONE 'UTC') AS day, count(*) AS n FROM events GROUP BY 1
      )
      SELECT avg(n) FILTER (WHERE extract(isodow FROM day) < 6)::float8 AS weekday,
             avg(n) FILTER (WHERE extract(isodow FROM day) >= 6)::float8 AS weekend
      FROM days`);
    expect(row.weekday).toBeGreaterThan(row.weekend * 1.3);
  });

  it('grows: more members register in the second half of the period than in the first', async () => {
    const row = await one<{ first: number; second: number }>(sql`
      SELECT count(*) FILTER (WHERE created_at < ${new Date(first.start.getTime() + 60 * 86_400_000)})::int AS first,
             count(*) FILTER (WHERE created_at >= ${new Date(first.start.getTime() + 60 * 86_400_000)})::int AS second
      FROM community_users WHERE stack_id = ${a.stackId} AND role IS NULL`);
    expect(row.second).toBeGreaterThan(row.first);
  });

  it('churns: some members stop logging in well before the end', async () => {
    const row = await one<{ gone: number }>(sql`
      SELECT count(*)::int AS gone FROM community_users
      WHERE stack_id = ${a.stackId} AND role IS NULL AND last_login < ${new Date(OPTIONS.endDate!.getTime() - 30 * 86_400_000)}`);
    expect(row.gone).toBeGreaterThan(OPTIONS.users * 0.1);
  });

  it('follows a power law: the top 10 % of contributors write more than half of the contributions', async () => {
    const authors = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM contributions WHERE stack_id = ${a.stackId} GROUP BY author_id ORDER BY n DESC
    `.execute(db());
    const counts = authors.rows.map((r) => r.n);
    const total = counts.reduce((s, n) => s + n, 0);
    const top = counts.slice(0, Math.ceil(counts.length / 10)).reduce((s, n) => s + n, 0);
    expect(counts.length).toBeGreaterThan(20);
    expect(top / total).toBeGreaterThan(0.5);
  });

  it('fills member profiles: both registration sources, several devices, user tags', async () => {
    const row = await one<{ sources: number; devices: number; tagged: number; app_on_desktop: number }>(sql`
      SELECT count(DISTINCT registered_from)::int AS sources, count(DISTINCT device)::int AS devices,
        (SELECT count(DISTINCT user_id)::int FROM user_tags WHERE stack_id = ${a.stackId}) AS tagged,
        count(*) FILTER (WHERE registered_from = 'app' AND device IN ('desktop', 'tablet'))::int AS app_on_desktop
      FROM community_users WHERE stack_id = ${a.stackId} AND role IS NULL`);
    expect(row.sources).toBe(2);
    expect(row.devices).toBeGreaterThanOrEqual(4);
    expect(row.tagged).toBeGreaterThan(0);
    expect(row.app_on_desktop).toBe(0);
  });

  it('reports existing activity, deletes it without touching staff, and can generate again', async () => {
    const { handle, stackId } = await freshDemo();
    try {
      expect(await hasActivity(handle.db, stackId)).toBe(false);
      await generateActivity(handle.db, stackId, { ...OPTIONS, users: 50, days: 30 });
      expect(await hasActivity(handle.db, stackId)).toBe(true);
      await deleteActivity(handle.db, stackId);
      expect(await hasActivity(handle.db, stackId)).toBe(false);
      const left = await handle.db
        .selectFrom('community_users')
        .select('role')
        .where('stack_id', '=', stackId)
        .execute();
      expect(left).toEqual([{ role: 'admin' }]);
      const again = await generateActivity(handle.db, stackId, { ...OPTIONS, users: 50, days: 30 });
      expect(again.counts.community_users).toBe(50);
    } finally {
      await handle.close();
    }
  });
});
