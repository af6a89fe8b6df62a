import type { Db } from '../../platform/db/database.ts';
import { FEED_OBJECT_TYPES } from './route-support.ts';
import { findContribution, type ContributionRow } from './member-content.repository.ts';

/** A contribution of any feed type by its id (ids are unique in a community across types). */
export async function findAnyContribution(
  db: Db,
  stackId: number,
  id: number,
): Promise<ContributionRow | undefined> {
  for (const type of FEED_OBJECT_TYPES) {
    const row = await findContribution(db, stackId, type, id);
    if (row) return row;
  }
  return undefined;
}

/** Records a member's share of a contribution inside the community; answers the share's id. */
export async function insertShare(
  db: Db,
  stackId: number,
  share: { userId: number; contributionId: number; authorId: number; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('shares')
    .values({
      stack_id: stackId,
      user_id: share.userId,
      contribution_id: share.contributionId,
      contribution_author_id: share.authorId,
      network: 'internal',
      created_at: share.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
