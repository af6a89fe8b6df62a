import type { Db } from '../../platform/db/database.ts';
import './member-people.tables.ts';

/**
 * Drops every relation that describes a member who is being erased: followed categories, follows
 * both ways, connections and connection requests both ways. Runs in the caller's transaction.
 */
export async function dropRelationsOf(db: Db, stackId: number, userId: number): Promise<void> {
  await db.deleteFrom('interests').where('stack_id', '=', stackId).where('user_id', '=', userId).execute();
  await db
    .deleteFrom('follows')
    .where('stack_id', '=', stackId)
    .where((eb) => eb.or([eb('follower_id', '=', userId), eb('followed_id', '=', userId)]))
    .execute();
  await db
    .deleteFrom('connections')
    .where('stack_id', '=', stackId)
    .where((eb) => eb.or([eb('user_a', '=', userId), eb('user_b', '=', userId)]))
    .execute();
  await db
    .deleteFrom('connection_requests')
    .where('stack_id', '=', stackId)
    .where((eb) => eb.or([eb('from_id', '=', userId), eb('to_id', '=', userId)]))
    .execute();
}
