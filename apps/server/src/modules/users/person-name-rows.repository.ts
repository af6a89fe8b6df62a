import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// How other modules name community users (the audit log's authors and the people acted on): the
// username and real name only, as a row source to join inside their own statement, or looked up at once.

/** Every community user's name columns, to join: `leftJoin(personNameRows(db).as('p'), …)`. */
export function personNameRows(db: Db) {
  return db.selectFrom('community_users').select(['stack_id', 'id', 'username', 'real_name']);
}

/** The users of the community with one of these ids or usernames, in one query. */
export async function personNamesOf(
  db: Db,
  stackId: number,
  ids: readonly number[],
  usernames: readonly string[],
): Promise<{ id: number; username: string; real_name: string | null }[]> {
  if (ids.length === 0 && usernames.length === 0) return [];
  return personNameRows(db)
    .where('stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        ...(ids.length ? [eb('id', 'in', [...ids])] : []),
        ...(usernames.length ? [eb('username', 'in', [...usernames])] : []),
      ]),
    )
    .execute();
}
