import type { Db } from '../../platform/db/database.ts';
import './stacks.tables.ts';

// The stacks module owns the `stacks` table (one row per community); these are the questions and
// changes other modules ask of it, so no other module names the table. Every function takes the
// caller's `db`, which may be a transaction.

const COLUMNS = ['id', 'slug', 'name', 'status', 'plan', 'member_client_id'] as const;

/** A community by id; undefined when there is none. */
export async function findStack(db: Db, stackId: number) {
  return db.selectFrom('stacks').select(COLUMNS).where('id', '=', stackId).executeTakeFirst();
}

/** A community by its slug; undefined when there is none. */
export async function findStackBySlug(db: Db, slug: string) {
  return db.selectFrom('stacks').select(COLUMNS).where('slug', '=', slug).executeTakeFirst();
}

/** These communities (those that exist), by name. */
export async function findStacks(db: Db, stackIds: number[]) {
  if (stackIds.length === 0) return [];
  return db.selectFrom('stacks').select(COLUMNS).where('id', 'in', stackIds).orderBy('name').execute();
}

/** The plan of each of these communities (those that exist). */
export async function plansOf(db: Db, stackIds: number[]): Promise<{ id: number; plan: string }[]> {
  if (stackIds.length === 0) return [];
  return db.selectFrom('stacks').select(['id', 'plan']).where('id', 'in', stackIds).execute();
}

/** Moves an online community to `progress` (restarting); false when it was not online. */
export async function beginRestart(db: Db, stackId: number): Promise<boolean> {
  const row = await db
    .updateTable('stacks')
    .set({ status: 'progress' })
    .where('id', '=', stackId)
    .where('status', '=', 'online')
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Puts a restarting community back online (a community in another state is left as it is). */
export async function endRestart(db: Db, stackId: number): Promise<void> {
  await db
    .updateTable('stacks')
    .set({ status: 'online' })
    .where('id', '=', stackId)
    .where('status', '=', 'progress')
    .execute();
}

/** Records the community's member OAuth client id unless it has one; false when another was first. */
export async function claimMemberClient(db: Db, stackId: number, clientId: string): Promise<boolean> {
  const result = await db
    .updateTable('stacks')
    .set({ member_client_id: clientId })
    .where('id', '=', stackId)
    .where('member_client_id', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
