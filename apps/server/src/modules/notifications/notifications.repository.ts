import { sql } from 'kysely';
import { DEFAULT_MEMBER_SETTINGS, MEMBER_SETTING_NAMES, type MemberSettings } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { commentRows } from '../member-content/reaction-rows.repository.ts';
import { contributionRows } from '../member-content/contribution-rows.repository.ts';
import './notifications.tables.ts';

// The notifications module owns `member_notifications` and `member_notification_settings`. Every
// function takes the caller's `db`, which may be a transaction (a notification is written in the
// transaction of the action that causes it).

export interface NewNotification {
  stackId: number;
  userId: number;
  type: string;
  actorId: number | null;
  contributionType: 'post' | 'discussion' | 'status' | null;
  contributionId: number | null;
  commentId: number | null;
  data: unknown;
  at: Date;
}

export interface NotificationRow {
  id: number;
  user_id: number;
  type: string;
  actor_id: number | null;
  contribution_type: 'post' | 'discussion' | 'status' | null;
  contribution_id: number | null;
  comment_id: number | null;
  data: unknown;
  created_at: Date;
  seen_at: Date | null;
}

const FEED_TYPES = new Set(['post', 'discussion', 'status']);
type FeedType = 'post' | 'discussion' | 'status';

/** A content's type, when it is a post, discussion or status of the community (not a poll). */
export async function feedTypeOf(db: Db, stackId: number, contributionId: number): Promise<FeedType | null> {
  const row = await db
    .selectFrom(contributionRows(db).as('c'))
    .select('c.type')
    .where('c.stack_id', '=', stackId)
    .where('c.id', '=', contributionId)
    .executeTakeFirst();
  return row && FEED_TYPES.has(row.type) ? (row.type as FeedType) : null;
}

/** A comment's content: its id and type (null type when it is not a post, discussion or status). */
export async function contributionOfComment(db: Db, stackId: number, commentId: number) {
  const row = await db
    .selectFrom(commentRows(db).as('m'))
    .innerJoin(contributionRows(db).as('c'), (j) =>
      j.onRef('c.stack_id', '=', 'm.stack_id').onRef('c.id', '=', 'm.contribution_id'),
    )
    .select(['c.id', 'c.type'])
    .where('m.stack_id', '=', stackId)
    .where('m.id', '=', commentId)
    .executeTakeFirst();
  return row ? { id: row.id, type: FEED_TYPES.has(row.type) ? (row.type as FeedType) : null } : null;
}

/** Writes one notification; answers its id. */
export async function insertNotification(db: Db, n: NewNotification): Promise<number> {
  const row = await db
    .insertInto('member_notifications')
    .values({
      stack_id: n.stackId,
      user_id: n.userId,
      type: n.type,
      actor_id: n.actorId,
      contribution_type: n.contributionType,
      contribution_id: n.contributionId,
      comment_id: n.commentId,
      data: JSON.stringify(n.data ?? {}),
      created_at: n.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

function parsed(row: Omit<NotificationRow, 'data'> & { data: unknown }): NotificationRow {
  return {
    ...row,
    id: Number(row.id),
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
  };
}

const COLUMNS = [
  'id',
  'user_id',
  'type',
  'actor_id',
  'contribution_type',
  'contribution_id',
  'comment_id',
  'data',
  'created_at',
  'seen_at',
] as const;

/** A member's notifications, newest first, and how many they have. */
export async function pageOfNotifications(
  db: Db,
  stackId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: NotificationRow[] }> {
  const mine = db
    .selectFrom('member_notifications')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId);
  const [total, rows] = await Promise.all([
    mine.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    mine.select(COLUMNS).orderBy('id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  return { count: total.n, rows: rows.map(parsed) };
}

/** One notification of the community by id. */
export async function findNotification(db: Db, stackId: number, id: number) {
  const row = await db
    .selectFrom('member_notifications')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return row && parsed(row);
}

/**
 * How many notifications the member has not seen: one count over the partial index of unseen rows
 * (what the member site polls, and `user/me/`'s `unseen_interactions_counter`).
 */
export async function unseenNotificationsCount(db: Db, stackId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('member_notifications')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Marks the member's notifications seen: these ids (others' ids are left alone), or all of them. */
export async function markNotificationsSeen(
  db: Db,
  stackId: number,
  userId: number,
  ids: readonly number[] | null,
  at: Date,
): Promise<void> {
  if (ids !== null && ids.length === 0) return;
  let q = db
    .updateTable('member_notifications')
    .set({ seen_at: at })
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('seen_at', 'is', null);
  if (ids !== null) q = q.where('id', 'in', [...ids]);
  await q.execute();
}

/** A member's settings: what they chose, else the defaults. */
export async function settingsOf(db: Db, stackId: number, userId: number): Promise<MemberSettings> {
  const row = await db
    .selectFrom('member_notification_settings')
    .select([...MEMBER_SETTING_NAMES])
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_MEMBER_SETTINGS };
}

/** Stores a member's whole settings (one row per member, written on their first change). */
export async function saveSettings(
  db: Db,
  stackId: number,
  userId: number,
  settings: MemberSettings,
  at: Date,
): Promise<void> {
  await db
    .insertInto('member_notification_settings')
    .values({ stack_id: stackId, user_id: userId, ...settings, updated_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'user_id']).doUpdateSet({ ...settings, updated_at: at }))
    .execute();
}

/** Turns a member's notification emails off (the one-click unsubscribe), in one statement. */
export async function turnEmailsOff(db: Db, stackId: number, userId: number, at: Date): Promise<void> {
  const off = { ...DEFAULT_MEMBER_SETTINGS, email_notification_not_qa: 0 };
  await db
    .insertInto('member_notification_settings')
    .values({ stack_id: stackId, user_id: userId, ...off, updated_at: at })
    .onConflict((oc) =>
      oc.columns(['stack_id', 'user_id']).doUpdateSet({ email_notification_not_qa: 0, updated_at: at }),
    )
    .execute();
}
