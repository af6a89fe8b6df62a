import { sql } from 'kysely';
import type { BroadcastAudience, BroadcastLinkType, BroadcastStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import './broadcast-messages.tables.ts';

export interface BroadcastRow {
  id: number;
  name: string;
  title: string;
  body_text: string;
  link_text: string;
  link: string;
  link_type: BroadcastLinkType;
  open_in_new_tab: boolean;
  image: string | null;
  audience: BroadcastAudience;
  audience_tags: number[];
  status: BroadcastStatus;
  scheduled_at: Date | null;
  sent_at: Date | null;
  sender_id: number | null;
  sender_username: string | null;
  created_at: Date;
  updated_at: Date;
}

/** What a save writes: the message's fields and its audience. */
export interface BroadcastValues {
  name: string;
  title: string;
  body_text: string;
  link_text: string;
  link: string;
  link_type: BroadcastLinkType;
  open_in_new_tab: boolean;
  image: string | null;
  audience: BroadcastAudience;
  audience_tags: number[];
  audience_users: number[];
}

const COLUMNS = [
  'id',
  'name',
  'title',
  'body_text',
  'link_text',
  'link',
  'link_type',
  'open_in_new_tab',
  'image',
  'audience',
  'audience_tags',
  'status',
  'scheduled_at',
  'sent_at',
  'sender_id',
  'sender_username',
  'created_at',
  'updated_at',
] as const;

/** A tab of the console: templates by last change, scheduled by their date, sent newest first. */
export async function listBroadcasts(
  db: Db,
  stackId: number,
  filter: { status: BroadcastStatus; search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: BroadcastRow[] }> {
  let q = db
    .selectFrom('broadcast_messages')
    .where('stack_id', '=', stackId)
    .where('status', '=', filter.status);
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    q = q.where((eb) => eb.or([eb('name', 'ilike', pattern), eb('title', 'ilike', pattern)]));
  }
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q.select(COLUMNS);
  page =
    filter.status === 'scheduled'
      ? page.orderBy('scheduled_at').orderBy('id')
      : filter.status === 'sent'
        ? page.orderBy('sent_at', 'desc').orderBy('id', 'desc')
        : page.orderBy('updated_at', 'desc').orderBy('id', 'desc');
  const rows = await page.limit(filter.limit).offset(filter.offset).execute();
  return { count: total.n, rows: rows as BroadcastRow[] };
}

export async function broadcastById(db: Db, stackId: number, id: number): Promise<BroadcastRow | undefined> {
  return (await db
    .selectFrom('broadcast_messages')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst()) as BroadcastRow | undefined;
}

/** The chosen users of these messages. */
export async function chosenUsers(
  db: Db,
  stackId: number,
  ids: number[],
): Promise<{ broadcast_id: number; user_id: number }[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('broadcast_message_users')
    .select(['broadcast_id', 'user_id'])
    .where('stack_id', '=', stackId)
    .where('broadcast_id', 'in', ids)
    .orderBy('broadcast_id')
    .orderBy('user_id')
    .execute();
}

async function writeUsers(db: Db, stackId: number, id: number, values: BroadcastValues): Promise<void> {
  await db
    .deleteFrom('broadcast_message_users')
    .where('stack_id', '=', stackId)
    .where('broadcast_id', '=', id)
    .execute();
  if (values.audience !== 'users' || values.audience_users.length === 0) return;
  await db
    .insertInto('broadcast_message_users')
    .values(values.audience_users.map((user_id) => ({ stack_id: stackId, broadcast_id: id, user_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

function columnsOf(values: BroadcastValues) {
  const { audience_users: _users, ...rest } = values;
  return { ...rest, audience_tags: values.audience === 'tags' ? values.audience_tags : [] };
}

export async function insertBroadcast(
  db: Db,
  stackId: number,
  values: BroadcastValues,
  now: Date,
  sender: { userId: number; username: string },
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('broadcast_messages')
      .values({
        stack_id: stackId,
        ...columnsOf(values),
        sender_id: sender.userId,
        sender_username: sender.username,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeUsers(trx, stackId, row.id, values);
    return row.id;
  });
}

/** Changes a message not yet sent; false when it was sent meanwhile (or is gone). */
export async function updateBroadcast(
  db: Db,
  stackId: number,
  id: number,
  values: BroadcastValues,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('broadcast_messages')
      .set({ ...columnsOf(values), updated_at: now })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .where('status', '!=', 'sent')
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) return false;
    await writeUsers(trx, stackId, id, values);
    return true;
  });
}

export async function deleteBroadcast(db: Db, stackId: number, id: number): Promise<number> {
  const res = await db
    .deleteFrom('broadcast_messages')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}

/** Schedules (or reschedules) a message not yet sent; false when it was sent meanwhile. */
export async function scheduleBroadcast(
  db: Db,
  stackId: number,
  id: number,
  at: Date,
  now: Date,
  sender: { userId: number; username: string },
): Promise<boolean> {
  const res = await db
    .updateTable('broadcast_messages')
    .set({
      status: 'scheduled',
      scheduled_at: at,
      updated_at: now,
      sender_id: sender.userId,
      sender_username: sender.username,
    })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('status', '!=', 'sent')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/**
 * Marks a message sent, once: the conditional update is what makes a send happen exactly once however
 * many processes try (two job runners, a "send now" racing the scheduled job). `dueBy` (the scheduled
 * job) sends only a scheduled message whose date has come; without it (send now) any unsent one.
 */
export async function markSent(
  db: Db,
  stackId: number,
  id: number,
  now: Date,
  options: { dueBy?: Date; sender?: { userId: number; username: string } } = {},
): Promise<boolean> {
  let q = db
    .updateTable('broadcast_messages')
    .set({
      status: 'sent',
      sent_at: now,
      scheduled_at: null,
      updated_at: now,
      ...(options.sender
        ? { sender_id: options.sender.userId, sender_username: options.sender.username }
        : {}),
    })
    .where('stack_id', '=', stackId)
    .where('id', '=', id);
  q = options.dueBy
    ? q.where('status', '=', 'scheduled').where('scheduled_at', '<=', options.dueBy)
    : q.where('status', '!=', 'sent');
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}
