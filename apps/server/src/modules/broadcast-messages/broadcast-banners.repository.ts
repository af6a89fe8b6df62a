import { sql, type Expression, type RawBuilder } from 'kysely';
import type { BroadcastLinkType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { userTagRows } from '../tagging/user-tag-rows.repository.ts';
import './broadcast-messages.tables.ts';

// A sent message reaches its audience without a row per member (ADR 0025): whether a member is in a
// message's audience is a question asked when they read (`audienceHas`), and their state of a banner
// (viewed, disposed) is a row written only when they act on it.

/**
 * Whether the user `userId` is in the audience of the message aliased `b`: everyone, the holders of
 * one of its tags (tags held now), or its chosen users.
 */
export function audienceHas(db: Db, userId: Expression<number> | RawBuilder<number> | number) {
  return sql<boolean>`(b.audience = 'all'
    OR (b.audience = 'tags' AND EXISTS (
      SELECT 1 FROM (${userTagRows(db)}) ut
      WHERE ut.stack_id = b.stack_id AND ut.user_id = ${userId} AND ut.tag_id = ANY (b.audience_tags)))
    OR (b.audience = 'users' AND EXISTS (
      SELECT 1 FROM broadcast_message_users bu
      WHERE bu.stack_id = b.stack_id AND bu.broadcast_id = b.id AND bu.user_id = ${userId})))`;
}

/**
 * The sent messages member `userId` is a recipient of: in the audience, and a member when it was sent
 * (someone who joins later does not get the banners sent before; ADR 0025).
 */
function banners(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom('broadcast_messages as b')
    .leftJoin('broadcast_banner_states as s', (join) =>
      join
        .onRef('s.stack_id', '=', 'b.stack_id')
        .onRef('s.broadcast_id', '=', 'b.id')
        .on('s.user_id', '=', userId),
    )
    .where('b.stack_id', '=', stackId)
    .where('b.status', '=', 'sent')
    .where(
      sql<boolean>`b.sent_at >= (SELECT u.created_at FROM (${communityUserRows(db)}) u
        WHERE u.stack_id = b.stack_id AND u.id = ${userId})`,
    )
    .where(audienceHas(db, userId));
}

export interface BannerRow {
  id: number;
  title: string;
  body_text: string;
  link_text: string;
  link: string;
  link_type: BroadcastLinkType;
  open_in_new_tab: boolean;
  image: string | null;
  sent_at: Date;
  viewed_at: Date | null;
  disposed_at: Date | null;
}

/** A page of the member's banners not disposed, newest first. */
export async function pageOfBanners(
  db: Db,
  stackId: number,
  userId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: BannerRow[] }> {
  const q = banners(db, stackId, userId).where('s.disposed_at', 'is', null);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q
    .select([
      'b.id',
      'b.title',
      'b.body_text',
      'b.link_text',
      'b.link',
      'b.link_type',
      'b.open_in_new_tab',
      'b.image',
      'b.sent_at',
      's.viewed_at',
      's.disposed_at',
    ])
    .orderBy('b.sent_at', 'desc')
    .orderBy('b.id', 'desc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, rows: (await page.execute()) as BannerRow[] };
}

/** Banners not disposed; with `unseen`, only those not read either. */
export async function countBanners(
  db: Db,
  stackId: number,
  userId: number,
  which: 'undisposed' | 'unseen',
): Promise<number> {
  let q = banners(db, stackId, userId).where('s.disposed_at', 'is', null);
  if (which === 'unseen') q = q.where('s.viewed_at', 'is', null);
  const row = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return row.n;
}

/** `user/me/`'s `unseen_notification_banners_counter`. */
export function unseenBannersCount(db: Db, stackId: number, userId: number): Promise<number> {
  return countBanners(db, stackId, userId, 'unseen');
}

/**
 * Marks these banners read (and with `dispose`, disposed) for the member: a state row is written now,
 * the first time they act on a banner; ids that are not their banners are left alone.
 */
export async function markBanners(
  db: Db,
  stackId: number,
  userId: number,
  ids: number[],
  now: Date,
  dispose: boolean,
): Promise<void> {
  const source = banners(db, stackId, userId)
    .where('b.id', 'in', ids)
    .select([
      'b.stack_id',
      'b.id as broadcast_id',
      sql<number>`${userId}::int`.as('user_id'),
      sql<Date>`${now}::timestamptz`.as('viewed_at'),
      sql<Date | null>`${dispose ? now : null}::timestamptz`.as('disposed_at'),
    ]);
  await db
    .insertInto('broadcast_banner_states')
    .columns(['stack_id', 'broadcast_id', 'user_id', 'viewed_at', 'disposed_at'])
    .expression(source)
    .onConflict((oc) =>
      oc.columns(['stack_id', 'user_id', 'broadcast_id']).doUpdateSet({
        viewed_at: sql`COALESCE(broadcast_banner_states.viewed_at, excluded.viewed_at)`,
        disposed_at: sql`COALESCE(broadcast_banner_states.disposed_at, excluded.disposed_at)`,
      }),
    )
    .execute();
}

/**
 * How many members a message reaches: active members in its audience (a sent one: those who were
 * members when it was sent). What the console shows before sending, and what the bench counts.
 */
export async function audienceCount(db: Db, stackId: number, broadcastId: number): Promise<number> {
  const row = await db
    .selectFrom(communityUserRows(db).as('u'))
    .innerJoin('broadcast_messages as b', (join) =>
      join.onRef('b.stack_id', '=', 'u.stack_id').on('b.id', '=', broadcastId),
    )
    .where('u.stack_id', '=', stackId)
    .where('u.status', '=', 'active')
    .where('u.deleted_at', 'is', null)
    .where((eb) => eb.or([eb('b.sent_at', 'is', null), eb('u.created_at', '<=', eb.ref('b.sent_at'))]))
    .where(audienceHas(db, sql.ref<number>('u.id')))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}
