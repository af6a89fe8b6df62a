import type { FeedObjectType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';
import { contributionsQuery, type ContributionRow } from './member-content.repository.ts';

/** Members following contributions (migration 0043): SelfCommunity's `{type}/{id}/follow/`. */

/** Follows the contribution, or stops following it; answers whether the member follows it now. */
export async function toggleFollow(
  db: Db,
  stackId: number,
  userId: number,
  contributionId: number,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const removed = await trx
      .deleteFrom('contribution_follows')
      .where('stack_id', '=', stackId)
      .where('contribution_id', '=', contributionId)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return false;
    await trx
      .insertInto('contribution_follows')
      .values({ stack_id: stackId, contribution_id: contributionId, user_id: userId, created_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
    return true;
  });
}

export async function isFollowing(
  db: Db,
  stackId: number,
  userId: number,
  contributionId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('contribution_follows')
    .select('user_id')
    .where('stack_id', '=', stackId)
    .where('contribution_id', '=', contributionId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Followers per contribution of a page, and those the viewer follows. */
export async function followsOf(
  db: Db,
  stackId: number,
  ids: readonly number[],
  viewerId: number | undefined,
): Promise<{ counts: Map<number, number>; mine: Set<number> }> {
  if (ids.length === 0) return { counts: new Map(), mine: new Set() };
  const rows = await db
    .selectFrom('contribution_follows')
    .select((eb) => [
      'contribution_id',
      eb.fn.countAll<number>().as('n'),
      eb.fn
        .count<number>('user_id')
        .filterWhere('user_id', '=', viewerId ?? 0)
        .as('mine'),
    ])
    .where('stack_id', '=', stackId)
    .where('contribution_id', 'in', ids)
    .groupBy('contribution_id')
    .execute();
  const counts = new Map<number, number>();
  const mine = new Set<number>();
  for (const row of rows) {
    counts.set(Number(row.contribution_id), Number(row.n));
    if (viewerId !== undefined && Number(row.mine) > 0) mine.add(Number(row.contribution_id));
  }
  return { counts, mine };
}

/** Who follows a contribution (its followers hear of new comments), in the caller's transaction. */
export async function followerIds(db: Db, stackId: number, contributionId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contribution_follows')
    .select('user_id')
    .where('stack_id', '=', stackId)
    .where('contribution_id', '=', contributionId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.user_id);
}

/**
 * A member's followed contributions of one type, latest follow first. The rows are those of
 * `contributionsQuery`: the caller decides which of them it may show (hidden and deleted ones stay
 * counted out for members by `visibleOnly`).
 */
export async function followedContributions(
  db: Db,
  stackId: number,
  userId: number,
  type: FeedObjectType,
  options: { visibleOnly: boolean; limit: number | undefined; offset: number },
): Promise<{ count: number; rows: ContributionRow[] }> {
  let query = contributionsQuery(db, stackId)
    .innerJoin('contribution_follows as f', (j) =>
      j.onRef('f.stack_id', '=', 'c.stack_id').onRef('f.contribution_id', '=', 'c.id'),
    )
    .where('f.user_id', '=', userId)
    .where('c.type', '=', type);
  if (options.visibleOnly) {
    query = query
      .where('c.status', '=', 'published')
      .where((eb) => eb.or([eb('m.status', 'is', null), eb('m.status', 'not in', ['hidden', 'deleted'])]));
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let page = query
    .select('f.created_at as followed_at')
    .orderBy('f.created_at', 'desc')
    .orderBy('c.id', 'desc')
    .offset(options.offset);
  if (options.limit !== undefined) page = page.limit(options.limit);
  return { count: Number(total.n), rows: (await page.execute()) as unknown as ContributionRow[] };
}
