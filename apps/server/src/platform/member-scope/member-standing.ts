import type { Db } from '../db/database.ts';
import '../../modules/scoring/scoring.tables.ts';

/**
 * Where a member stands in a community. Stored in community_users.status; a ban for N days lives in
 * `bans` and ends by itself: once `ban_until` has passed the member reads as active again, whether or
 * not anything has rewritten the row yet.
 */
export const MEMBER_STANDINGS = [
  'active',
  'pending',
  'ignored',
  'banned',
  'deleted',
  'fully_deleted',
] as const;
export type MemberStanding = (typeof MEMBER_STANDINGS)[number];

export interface MemberStandingInfo {
  standing: MemberStanding;
  banUntil: Date | null;
}

/** Effective standing from the stored status and ban end, at `now`. */
export function effectiveStanding(status: string, banUntil: Date | null, now: Date): MemberStanding {
  if (status === 'banned' && banUntil && banUntil.getTime() <= now.getTime()) return 'active';
  return (MEMBER_STANDINGS as readonly string[]).includes(status) ? (status as MemberStanding) : 'active';
}

export async function memberStanding(
  db: Db,
  stackId: number,
  userId: number,
  now: Date,
): Promise<MemberStandingInfo | undefined> {
  const row = await db
    .selectFrom('community_users as u')
    .leftJoin('bans as b', (join) =>
      join.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'),
    )
    .select(['u.status', 'b.ban_until'])
    .where('u.stack_id', '=', stackId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  if (!row) return undefined;
  const banUntil = row.ban_until ?? null;
  const standing = effectiveStanding(row.status, banUntil, now);
  return { standing, banUntil: standing === 'banned' ? banUntil : null };
}
