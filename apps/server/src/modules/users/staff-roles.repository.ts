import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// A community user's staff role lives on its user row (the users module owns `community_users`);
// the staff module decides who gets which role and keeps the staff attributes beside it. Takes the
// caller's `db`, which may be a transaction, so the role and the attributes change together.

/** Sets the user's staff role; null makes it a plain member again. */
export async function setStaffRole(
  db: Db,
  stackId: number,
  userId: number,
  role: string | null,
): Promise<void> {
  await db
    .updateTable('community_users')
    .set({ role })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}
