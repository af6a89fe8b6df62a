import type { Db } from '../platform/db/database.ts';
import '../modules/activity/activity.tables.ts';
import '../modules/categories/categories.tables.ts';

/**
 * Test-only: a small deterministic community activity (seeded PRNG), written with Kysely, so engine
 * tests can compare /load's numbers with hand-written SQL over the same rows.
 */

function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface ActivityFixture {
  memberIds: number[];
  staffId: number;
  categoryIds: number[];
  contributionIds: number[];
}

/** Fills `stackId` with members, categories and every kind of event between `from` and `to`. */
export async function seedActivity(
  db: Db,
  stackId: number,
  options: { seed?: number; members?: number; from?: string; to?: string } = {},
): Promise<ActivityFixture> {
  const random = prng(options.seed ?? 42);
  const from = new Date(options.from ?? '2026-08-01T00:00:00Z').getTime();
  const to = new Date(options.to ?? '2026-11-20T23:00:00Z').getTime();
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  // Activity skewed towards a few members (a power law of contributors).
  const skewed = <T>(items: readonly T[]): T => items[Math.floor(random() ** 2.5 * items.length)] as T;
  const at = (after = from) => new Date(after + Math.floor(random() * (to - after)));
  const many = async <T>(
    n: number,
    make: (i: number) => T | undefined,
    write: (rows: T[]) => Promise<unknown>,
  ) => {
    const rows: T[] = [];
    for (let i = 0; i < n; i += 1) {
      const row = make(i);
      if (row !== undefined) rows.push(row);
    }
    if (rows.length > 0) await write(rows);
  };

  const staff = await db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: null,
      username: `staff-${stackId}`,
      role: 'editor',
      created_at: new Date(from),
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const memberCount = options.members ?? 40;
  const members: Array<{ id: number; joined: number }> = [];
  for (let i = 0; i < memberCount; i += 1) {
    const joined = at();
    const row = await db
      .insertInto('community_users')
      .values({
        stack_id: stackId,
        account_id: null,
        username: `member-${stackId}-${i}`,
        email: `member-${stackId}-${i}@example.test`,
        role: null,
        created_at: joined,
        real_name: `Member ${i}`,
        registered_from: random() < 0.3 ? 'app' : 'desktop',
        device: pick(['desktop', 'mobile', 'tablet', 'android', 'ios']),
        status: random() < 0.9 ? 'active' : 'blocked',
        last_login: random() < 0.8 ? at(joined.getTime()) : null,
        score: Math.floor(random() * 500),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    members.push({ id: row.id, joined: joined.getTime() });
  }
  const memberIds = members.map((m) => m.id);

  const categoryIds: number[] = [];
  for (const name of ['News', 'Help', 'Events', 'Off topic']) {
    const row = await db
      .insertInto('categories')
      .values({ stack_id: stackId, name, slug: name.toLowerCase().replace(/ /g, '-'), created_at: at() })
      .returning('id')
      .executeTakeFirstOrThrow();
    categoryIds.push(row.id);
  }

  const contributions: Array<{ id: number; author: number; type: string }> = [];
  for (let i = 0; i < 90; i += 1) {
    // Staff write too: their contributions count, but they are not members (Users cube).
    const author = random() < 0.1 ? staff.id : skewed(memberIds);
    const type = pick(['discussion', 'post', 'post', 'status', 'poll'] as const);
    const row = await db
      .insertInto('contributions')
      .values({
        stack_id: stackId,
        type,
        author_id: author,
        category_id: random() < 0.15 ? null : pick(categoryIds),
        title: `Contribution ${i}`,
        body: `Body ${i}`,
        created_at: at(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    contributions.push({ id: row.id, author, type });
  }
  const contributionIds = contributions.map((c) => c.id);
  const polls = contributions.filter((c) => c.type === 'poll');

  await many(
    120,
    () => ({
      stack_id: stackId,
      contribution_id: pick(contributionIds),
      author_id: skewed(memberIds),
      body: '',
      created_at: at(),
    }),
    (rows) => db.insertInto('comments').values(rows).execute(),
  );
  await many(
    160,
    () => {
      const c = pick(contributions);
      return {
        stack_id: stackId,
        user_id: skewed(memberIds),
        target_type: 'contribution' as const,
        target_id: c.id,
        target_author_id: c.author,
        contribution_id: c.id,
        created_at: at(),
      };
    },
    (rows) => db.insertInto('votes').values(rows).execute(),
  );
  await many(
    50,
    () => {
      const c = pick(contributions);
      return {
        stack_id: stackId,
        user_id: pick(memberIds),
        contribution_id: c.id,
        contribution_author_id: c.author,
        network: pick(['internal', 'facebook', 'x', 'linkedin']),
        created_at: at(),
      };
    },
    (rows) => db.insertInto('shares').values(rows).execute(),
  );
  const pairs = new Set<string>();
  await many(
    60,
    () => {
      const a = pick(memberIds);
      const b = pick(memberIds);
      const key = `${Math.min(a, b)}-${Math.max(a, b)}`;
      if (a === b || pairs.has(key)) return undefined;
      pairs.add(key);
      return { stack_id: stackId, user_a: Math.min(a, b), user_b: Math.max(a, b), created_at: at() };
    },
    (rows) => db.insertInto('connections').values(rows).execute(),
  );
  const follows = new Set<string>();
  await many(
    70,
    () => {
      const a = pick(memberIds);
      const b = skewed(memberIds);
      if (a === b || follows.has(`${a}-${b}`)) return undefined;
      follows.add(`${a}-${b}`);
      return { stack_id: stackId, follower_id: a, followed_id: b, created_at: at() };
    },
    (rows) => db.insertInto('follows').values(rows).execute(),
  );
  await many(
    80,
    () => ({
      stack_id: stackId,
      sender_id: skewed(memberIds),
      recipient_id: pick(memberIds),
      created_at: at(),
    }),
    (rows) => db.insertInto('private_messages').values(rows).execute(),
  );
  await many(
    300,
    () => ({
      stack_id: stackId,
      user_id: pick(memberIds),
      contribution_id: pick(contributionIds),
      created_at: at(),
    }),
    (rows) => db.insertInto('views').values(rows).execute(),
  );
  await many(
    40,
    () => ({
      stack_id: stackId,
      user_id: skewed(memberIds),
      kind: pick(['image', 'video', 'document', 'other'] as const),
      bytes: 1000 + Math.floor(random() * 5_000_000),
      created_at: at(),
    }),
    (rows) => db.insertInto('uploads').values(rows).execute(),
  );
  await many(
    polls.length > 0 ? 60 : 0,
    () => ({
      stack_id: stackId,
      contribution_id: pick(polls).id,
      user_id: pick(memberIds),
      choice: pick(['A', 'B', 'C']),
      created_at: at(),
    }),
    (rows) => db.insertInto('poll_votes').values(rows).execute(),
  );
  await many(
    250,
    () => ({
      stack_id: stackId,
      user_id: skewed(memberIds),
      at: at(),
      source: pick(['desktop', 'app'] as const),
    }),
    (rows) => db.insertInto('logins').values(rows).execute(),
  );
  return { memberIds, staffId: staff.id, categoryIds, contributionIds };
}
