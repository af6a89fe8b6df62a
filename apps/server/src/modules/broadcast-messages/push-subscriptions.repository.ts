import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { audienceHas } from './broadcast-banners.repository.ts';
import './broadcast-messages.tables.ts';

export interface PushSubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  created_at: Date;
}

/** Registers a browser's subscription for the member; the same endpoint again is moved to them. */
export async function upsertSubscription(
  db: Db,
  stackId: number,
  userId: number,
  value: { endpoint: string; p256dh: string; auth: string },
): Promise<PushSubscriptionRow> {
  return db
    .insertInto('push_subscriptions')
    .values({ stack_id: stackId, user_id: userId, ...value })
    .onConflict((oc) =>
      oc
        .columns(['stack_id', 'endpoint'])
        .doUpdateSet({ user_id: userId, p256dh: value.p256dh, auth: value.auth }),
    )
    .returning(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** Removes one of the member's subscriptions; 0 when it is not theirs. */
export async function deleteSubscription(
  db: Db,
  stackId: number,
  userId: number,
  id: number,
): Promise<number> {
  const res = await db
    .deleteFrom('push_subscriptions')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Subscriptions the push service said are gone (404/410). */
export async function deleteSubscriptions(db: Db, stackId: number, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.deleteFrom('push_subscriptions').where('stack_id', '=', stackId).where('id', 'in', ids).execute();
}

/**
 * The next batch of subscriptions a sent message is pushed to, after `afterId` in id order: those of
 * active members in its audience who were members when it was sent.
 */
export async function audienceSubscriptions(
  db: Db,
  stackId: number,
  broadcastId: number,
  afterId: number,
  limit: number,
): Promise<PushSubscriptionRow[]> {
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('broadcast_messages as b', (join) =>
      join.onRef('b.stack_id', '=', 'p.stack_id').on('b.id', '=', broadcastId),
    )
    .where('p.stack_id', '=', stackId)
    .where('p.id', '>', afterId)
    .where('b.status', '=', 'sent')
    .where(
      sql<boolean>`EXISTS (SELECT 1 FROM (${communityUserRows(db)}) u
        WHERE u.stack_id = p.stack_id AND u.id = p.user_id AND u.status = 'active'
          AND u.deleted_at IS NULL AND u.created_at <= b.sent_at)`,
    )
    .where(audienceHas(db, sql.ref<number>('p.user_id')))
    .select(['p.id', 'p.user_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.created_at'])
    .orderBy('p.id')
    .limit(limit)
    .execute();
}

export async function vapidRow(db: Db, stackId: number) {
  return db
    .selectFrom('push_vapid_keys')
    .select(['public_key', 'private_key_sealed'])
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
}

/** Stores a community's first key pair; a pair stored meanwhile by another process wins. */
export async function insertVapid(db: Db, stackId: number, publicKey: string, sealed: string): Promise<void> {
  await db
    .insertInto('push_vapid_keys')
    .values({ stack_id: stackId, public_key: publicKey, private_key_sealed: sealed })
    .onConflict((oc) => oc.column('stack_id').doNothing())
    .execute();
}
