import type { Db } from '../../platform/db/database.ts';
import './auth.tables.ts';

export async function insertTicket(
  db: Db,
  t: { hash: string; stackId: number; communityUserId: number; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('sso_tickets')
    .values({
      ticket_hash: t.hash,
      stack_id: t.stackId,
      community_user_id: t.communityUserId,
      created_at: t.createdAt,
      expires_at: t.expiresAt,
    })
    .execute();
}

/** Marks a live ticket used and returns it; undefined when unknown, expired or already used. */
export function claimTicket(db: Db, hash: string, now: Date) {
  return db
    .updateTable('sso_tickets')
    .set({ used_at: now })
    .where('ticket_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['stack_id', 'community_user_id'])
    .executeTakeFirst();
}
