/**
 * Where a member stands in a community. Stored in community_users.status; a ban for N days ends by
 * itself: once its end has passed the member reads as active again, whether or not anything has
 * rewritten the row yet. The guards apply these rules; the rows (community_users, and the `bans`
 * table of user moderation) are read by the modules that own them.
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
