import type { Db } from '../../platform/db/database.ts';
import { effectiveStanding, type MemberStanding } from '../../platform/member-scope/member-standing.ts';
import { tagsOfUsers } from '../tagging/user-tags.repository.ts';
import { usersByIds } from '../users/community-users.repository.ts';
import { banEndsOf } from '../user-moderation/user-moderation.repository.ts';

/** SelfCommunity's user status letters: a approved/active, b blocked, d deleted, u unregistered (erased). */
const STATUS_LETTER: Record<MemberStanding, 'a' | 'b' | 'd' | 'u'> = {
  active: 'a',
  pending: 'a',
  ignored: 'a',
  banned: 'b',
  deleted: 'd',
  fully_deleted: 'u',
};

export interface MemberUser {
  id: number;
  username: string;
  real_name: string;
  avatar: string | null;
  ext_id: string | null;
  date_joined: string;
  bio: string;
  status: 'a' | 'b' | 'd' | 'u';
  reg_approved: boolean;
  deleted: boolean;
  reputation: number;
  community_badge: boolean;
  role: string | null;
  tags: { id: number; name: string; color: string }[];
}

/**
 * The member API's User object for several members of one community at once (authors in a list,
 * search results), keyed by id. Staff-only fields (email) are added by the caller that may show them.
 */
export async function memberUsers(
  db: Db,
  stackId: number,
  ids: readonly number[],
  now: Date,
): Promise<Map<number, MemberUser>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const [rows, bans, tags] = await Promise.all([
    usersByIds(db, stackId, unique),
    banEndsOf(db, stackId, unique),
    tagsOfUsers(db, stackId, unique, { onlyShown: true }),
  ]);
  const result = new Map<number, MemberUser>();
  for (const row of rows) {
    const standing = effectiveStanding(row.status, bans.get(row.id) ?? null, now);
    result.set(row.id, {
      id: row.id,
      username: row.username,
      real_name: row.real_name,
      avatar: null,
      ext_id: row.ext_id,
      date_joined: row.created_at.toISOString(),
      bio: row.bio,
      status: STATUS_LETTER[standing],
      reg_approved: standing !== 'pending' && standing !== 'ignored',
      deleted: standing === 'deleted' || standing === 'fully_deleted',
      reputation: row.score,
      community_badge: row.role !== null,
      role: row.role,
      tags: tags.filter((t) => t.user_id === row.id).map(({ id, name, color }) => ({ id, name, color })),
    });
  }
  return result;
}

export async function memberUser(db: Db, stackId: number, id: number, now: Date) {
  return (await memberUsers(db, stackId, [id], now)).get(id);
}
