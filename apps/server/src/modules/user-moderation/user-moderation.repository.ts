import { sql, type AliasedExpression, type RawBuilder } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { effectiveStanding, type MemberStandingInfo } from '../../platform/member-scope/member-standing.ts';
import { contributionRows } from '../member-content/contribution-rows.repository.ts';
import { dropRelationsOf } from '../member-people/member-erasure.repository.ts';
import { followRows } from '../member-people/relation-rows.repository.ts';
import { flagRows } from '../moderation/content-flags.repository.ts';
import { dropStaffAttributes } from '../staff/staff.repository.ts';
import { untagUser } from '../tagging/user-tags.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { eraseUserRow, setUserStatus } from '../users/member-standing-changes.repository.ts';
import './user-moderation.tables.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

/**
 * A member's effective standing in SQL, like `effectiveStanding()`: a ban whose end has passed reads
 * active even before anything has rewritten the row. Needs `community_users as u` and `bans as b`.
 */
function effectiveStatus(now: Date): RawBuilder<string> {
  return sql<string>`CASE
    WHEN u.status = 'banned' AND b.ban_until IS NOT NULL AND b.ban_until <= ${now} THEN 'active'
    WHEN u.status IN ('active', 'pending', 'ignored', 'banned', 'deleted', 'fully_deleted') THEN u.status
    ELSE 'active' END`;
}

/** `(SELECT count(*) FROM <source> <alias> WHERE <condition>)`: a counter of the list's row `u`. */
const count = (from: AliasedExpression<unknown, string>, where: RawBuilder<unknown>) =>
  sql<string>`(SELECT count(*) FROM ${from} WHERE ${where})`;
const contributions = (db: Db, type: string) =>
  count(
    contributionRows(db).as('c'),
    sql`c.stack_id = u.stack_id AND c.author_id = u.id AND c.type = ${type} AND c.status <> 'deleted'`,
  );

/** Sort keys the list accepts, mapped to SQL (a tie-break on id is always added). */
export const ORDER_SQL = {
  registered: sql`u.created_at`,
  username: sql`lower(u.username)`,
  last_visit: sql`u.last_login`,
  score: sql`u.score`,
  flags_received: sql`flags_received`,
  ban_until: sql`b.ban_until`,
  ban_start: sql`b.ban_start`,
} as const;
export type OrderKey = keyof typeof ORDER_SQL;

export interface ListFilter {
  stackId: number;
  now: Date;
  search?: string;
  /** Whether `search` also looks in emails (only for those who may see them). */
  searchEmail?: boolean;
  /** Effective standings to keep. */
  standings?: readonly string[];
  /** Only bans with an end ('days') or without ('forever'). */
  ban?: 'days' | 'forever';
  orderBy: OrderKey;
  descending: boolean;
}

function baseQuery(db: Db, filter: ListFilter) {
  const status = effectiveStatus(filter.now);
  let query = db
    .selectFrom(communityUserRows(db).as('u'))
    .leftJoin('bans as b', (j) => j.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'))
    .where('u.stack_id', '=', filter.stackId);
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where((eb) =>
      eb.or([
        eb('u.username', 'ilike', pattern),
        ...(filter.searchEmail ? [eb('u.email', 'ilike', pattern)] : []),
      ]),
    );
  }
  if (filter.standings) query = query.where(status, 'in', [...filter.standings]);
  if (filter.ban) {
    query = query
      .where(status, '=', 'banned')
      .where('b.ban_until', filter.ban === 'forever' ? 'is' : 'is not', null);
  }
  return query;
}

const ROW_COLUMNS = [
  'u.id',
  'u.username',
  'u.real_name',
  'u.email',
  'u.email_validated',
  'u.role',
  'u.status as stored_status',
  'u.created_at',
  'u.last_login',
  'u.deleted_at',
  'u.score',
  'b.ban_start',
  'b.ban_until',
] as const;

function withCounters(db: Db, filter: ListFilter) {
  return baseQuery(db, filter)
    .select(ROW_COLUMNS)
    .select([
      effectiveStatus(filter.now).as('status'),
      count(flagRows(db).as('f'), sql`f.stack_id = u.stack_id AND f.author_id = u.id`).as('flags_received'),
      count(flagRows(db).as('f'), sql`f.stack_id = u.stack_id AND f.flagged_by = u.id`).as('flags_created'),
      count(followRows(db).as('f'), sql`f.stack_id = u.stack_id AND f.followed_id = u.id`).as('followers'),
      count(followRows(db).as('f'), sql`f.stack_id = u.stack_id AND f.follower_id = u.id`).as('followings'),
      contributions(db, 'post').as('posts'),
      contributions(db, 'discussion').as('discussions'),
      contributions(db, 'status').as('statuses'),
      contributions(db, 'poll').as('polls'),
    ]);
}

export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

export async function countUsers(db: Db, filter: ListFilter): Promise<number> {
  const row = await baseQuery(db, filter)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listUsers(db: Db, filter: ListFilter, limit: number | undefined, offset: number) {
  const direction = filter.descending ? sql`DESC NULLS LAST` : sql`ASC NULLS LAST`;
  let query = withCounters(db, filter)
    .orderBy(sql`${ORDER_SQL[filter.orderBy]} ${direction}`)
    .orderBy('u.id', filter.descending ? 'desc' : 'asc')
    .offset(offset);
  if (limit !== undefined) query = query.limit(limit);
  return query.execute();
}

export async function findUser(db: Db, stackId: number, userId: number, now: Date) {
  return withCounters(db, { stackId, now, orderBy: 'registered', descending: false })
    .where('u.id', '=', userId)
    .executeTakeFirst();
}

export async function writeBan(db: Db, stackId: number, userId: number, start: Date, until: Date | null) {
  await db
    .insertInto('bans')
    .values({ stack_id: stackId, user_id: userId, status: 'banned', ban_start: start, ban_until: until })
    .onConflict((oc) =>
      oc
        .columns(['stack_id', 'user_id'])
        .doUpdateSet({ status: 'banned', ban_start: start, ban_until: until }),
    )
    .execute();
}

/** When the member's ban ends: null when not banned or banned for good (see `status`). */
export async function banUntil(db: Db, stackId: number, userId: number): Promise<Date | null> {
  const row = await db
    .selectFrom('bans')
    .select('ban_until')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.ban_until ?? null;
}

/** When each of these members' bans ends (null: for good); a member without a ban is absent. */
export async function banEndsOf(
  db: Db,
  stackId: number,
  userIds: number[],
): Promise<Map<number, Date | null>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bans')
    .select(['user_id', 'ban_until'])
    .where('stack_id', '=', stackId)
    .where('user_id', 'in', userIds)
    .execute();
  return new Map(rows.map((r) => [r.user_id, r.ban_until]));
}

export async function clearBan(db: Db, stackId: number, userId: number): Promise<void> {
  await db.deleteFrom('bans').where('stack_id', '=', stackId).where('user_id', '=', userId).execute();
}

/**
 * Ends a ban that is due: only if the member is still banned with exactly this end (a newer ban, an
 * unban or a deletion since then wins). Answers whether it did.
 */
export async function endDueBan(db: Db, stackId: number, userId: number, until: Date, now: Date) {
  return db.transaction().execute(async (trx) => {
    const ban = await trx
      .selectFrom('bans as b')
      .innerJoin(communityUserRows(trx).as('u'), (j) =>
        j.onRef('u.stack_id', '=', 'b.stack_id').onRef('u.id', '=', 'b.user_id'),
      )
      .select(['b.ban_until', 'u.status'])
      .where('b.stack_id', '=', stackId)
      .where('b.user_id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!ban?.ban_until || ban.status !== 'banned') return false;
    if (ban.ban_until.getTime() !== until.getTime() || ban.ban_until > now) return false;
    await clearBan(trx, stackId, userId);
    await setUserStatus(trx, stackId, userId, 'active', null);
    // A ban that runs out unblocks the member as a moderator's unban does (same webhook event).
    const data = { id: userId, status: 'active', moderator: null };
    await recordEvent(trx, { stackId, type: 'notification.unblocked_user', data, at: now });
    return true;
  });
}

/**
 * The GDPR erase: personal data goes, the row stays (as `username`) so that the member's contents
 * keep an anonymous author. Relations that describe the person (tags, follows, connections,
 * requests, interests, staff attributes, a ban) are deleted.
 */
export async function eraseUser(db: Db, stackId: number, userId: number, username: string, now: Date) {
  await eraseUserRow(db, stackId, userId, username, now);
  await untagUser(db, stackId, userId);
  await dropStaffAttributes(db, stackId, userId);
  await clearBan(db, stackId, userId);
  await dropRelationsOf(db, stackId, userId);
}

/** A member's standing now (a ban whose end has passed reads active), for the member guard. */
export async function memberStanding(
  db: Db,
  stackId: number,
  userId: number,
  now: Date,
): Promise<MemberStandingInfo | undefined> {
  const row = await db
    .selectFrom(communityUserRows(db).as('u'))
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
