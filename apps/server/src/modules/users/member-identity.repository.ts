import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// What the member API shows of a member's identity (member-people decides who may see what): the
// row of one member and the emails of a page, each in one query.

export async function memberRow(db: Db, stackId: number, id: number) {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'email', 'status', 'role', 'ext_id'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function emailsOf(db: Db, stackId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('community_users')
    .select(['id', 'email'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.email]));
}
