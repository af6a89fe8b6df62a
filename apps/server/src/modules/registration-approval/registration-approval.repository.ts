import type { Db } from '../../platform/db/database.ts';
import '../activity/activity.tables.ts';

export interface ApprovalTagRow {
  user_id: number;
  id: number;
  name: string;
  color: string;
}

/** The user tags of the given members. */
export async function tagsOf(db: Db, stackId: number, userIds: number[]): Promise<ApprovalTagRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_tags as ut')
    .innerJoin('tags as t', (join) =>
      join.onRef('t.stack_id', '=', 'ut.stack_id').onRef('t.id', '=', 'ut.tag_id'),
    )
    .select(['ut.user_id', 't.id', 't.name', 't.color'])
    .where('ut.stack_id', '=', stackId)
    .where('ut.user_id', 'in', userIds)
    .orderBy('t.name')
    .execute();
}
