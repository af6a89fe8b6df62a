import { jsonObjectFrom } from 'kysely/helpers/postgres';
import type { Db } from '../../platform/db/database.ts';
import { liveMemberTokenQuery } from '../../platform/auth/authenticate.ts';
import { liveAccessTokenQuery } from '../auth/live-access-token.repository.ts';
import { effectiveStanding, type MemberStandingInfo } from '../../platform/member-scope/member-standing.ts';
import { lacksRequiredSecondFactorColumn } from '../two-factor/second-factor-requirement.repository.ts';
import { banRows } from '../user-moderation/ban-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './stacks.tables.ts';

/** A caller the member API's guard found, with their standing in the community at `now`. */
export interface MemberAccessCaller {
  userId: number;
  username: string;
  role: string | null;
  standing: MemberStandingInfo;
}

export interface MemberAccessRow {
  community: { stackId: number; slug: string; name: string };
  /** The member a member token of this community stands for. */
  member: MemberAccessCaller | undefined;
  /** The staff link of the account of a console token, in this community (any role). */
  staff:
    (MemberAccessCaller & { onlyStackId: number | null; lacksRequiredSecondFactor: boolean }) | undefined;
}

interface CallerJson {
  userId: number;
  username: string;
  role: string | null;
  memberStatus: string;
  banUntil: string | null;
}

function standingOf(row: CallerJson, now: Date): MemberStandingInfo {
  const banUntil = row.banUntil === null ? null : new Date(row.banUntil);
  const standing = effectiveStanding(row.memberStatus, banUntil, now);
  return { standing, banUntil: standing === 'banned' ? banUntil : null };
}

function callerOf(row: CallerJson, now: Date): MemberAccessCaller {
  return { userId: row.userId, username: row.username, role: row.role, standing: standingOf(row, now) };
}

/**
 * The member API guard's one statement for an opaque token (ADR 0013): the community of the slug;
 * the member, when the token is a member token of that community; the account's staff link there
 * (with the second-factor rule), when it is a live console token; each with its standing. Undefined
 * when there is no such community. Nothing is cached.
 */
export async function findMemberAccess(
  db: Db,
  slug: string,
  tokenDigest: string,
  now: Date,
): Promise<MemberAccessRow | undefined> {
  const row = await db
    .selectFrom('stacks as s')
    .where('s.slug', '=', slug)
    .select((eb) => [
      's.id as stackId',
      's.slug',
      's.name',
      jsonObjectFrom(
        liveMemberTokenQuery(db, tokenDigest, now)
          .innerJoin(communityUserRows(db).as('u'), (join) =>
            join.onRef('u.stack_id', '=', 'f.member_stack_id').onRef('u.id', '=', 'f.member_user_id'),
          )
          .leftJoin(banRows(db).as('b'), (join) =>
            join.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'),
          )
          .where('f.member_stack_id', '=', eb.ref('s.id'))
          .select([
            'u.id as userId',
            'u.username',
            'u.role',
            'u.status as memberStatus',
            'b.ban_until as banUntil',
          ])
          .limit(1),
      ).as('member'),
      jsonObjectFrom(
        liveAccessTokenQuery(db, tokenDigest, now)
          .innerJoin(communityUserRows(db).as('u'), (join) =>
            join
              .onRef('u.account_id', '=', 't.account_id')
              .on('u.stack_id', '=', eb.ref('s.id'))
              .on('u.role', 'is not', null),
          )
          .leftJoin(banRows(db).as('b'), (join) =>
            join.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'),
          )
          .select((inner) => [
            'u.id as userId',
            'u.username',
            'u.role',
            'u.status as memberStatus',
            'b.ban_until as banUntil',
            'f.only_stack_id as onlyStackId',
            lacksRequiredSecondFactorColumn(inner.ref('t.account_id'), inner.ref('u.stack_id')).as(
              'lacksSecondFactor',
            ),
          ])
          .limit(1),
      ).as('staff'),
    ])
    .executeTakeFirst();
  if (!row) return undefined;
  const member = row.member as CallerJson | null;
  const staff = row.staff as (CallerJson & { onlyStackId: number | null; lacksSecondFactor: boolean }) | null;
  return {
    community: { stackId: row.stackId, slug: row.slug, name: row.name },
    member: member ? callerOf(member, now) : undefined,
    staff: staff
      ? {
          ...callerOf(staff, now),
          onlyStackId: staff.onlyStackId,
          lacksRequiredSecondFactor: staff.lacksSecondFactor,
        }
      : undefined,
  };
}
