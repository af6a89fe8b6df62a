import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './private-messages.tables.ts';

// The private-messages module owns `pm_threads` and `pm_messages` (migration 0045, ADR 0039).

export interface MessageRow {
  id: number;
  thread_id: number;
  sender_id: number;
  receiver_id: number;
  message: string;
  created_at: Date;
  seen_at: Date | null;
  deleted_at: Date | null;
}

export interface ThreadRow {
  id: number;
  user_lo: number;
  user_hi: number;
  lo_cleared_id: number;
  hi_cleared_id: number;
}

const MESSAGE_COLUMNS = [
  'id',
  'thread_id',
  'sender_id',
  'receiver_id',
  'message',
  'created_at',
  'seen_at',
  'deleted_at',
] as const;

const pairOf = (a: number, b: number) => (a < b ? [a, b] : [b, a]) as [number, number];

/** What `userId` deleted of the thread: every message up to this id. */
export const clearedFor = (thread: ThreadRow, userId: number): number =>
  thread.user_lo === userId ? thread.lo_cleared_id : thread.hi_cleared_id;

export async function threadBetween(db: Db, stackId: number, a: number, b: number) {
  const [lo, hi] = pairOf(a, b);
  return db
    .selectFrom('pm_threads')
    .select(['id', 'user_lo', 'user_hi', 'lo_cleared_id', 'hi_cleared_id'])
    .where('stack_id', '=', stackId)
    .where('user_lo', '=', lo)
    .where('user_hi', '=', hi)
    .executeTakeFirst();
}

/** Writes a message from `senderId` to `receiverId`, opening their thread on the first one. */
export async function insertMessage(
  db: Db,
  stackId: number,
  senderId: number,
  receiverId: number,
  message: string,
  at: Date,
): Promise<MessageRow> {
  const [lo, hi] = pairOf(senderId, receiverId);
  const thread = await db
    .insertInto('pm_threads')
    .values({ stack_id: stackId, user_lo: lo, user_hi: hi, last_message_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'user_lo', 'user_hi']).doUpdateSet({ last_message_at: at }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return db
    .insertInto('pm_messages')
    .values({
      stack_id: stackId,
      thread_id: thread.id,
      sender_id: senderId,
      receiver_id: receiverId,
      message,
      created_at: at,
    })
    .returning([...MESSAGE_COLUMNS])
    .executeTakeFirstOrThrow();
}

export async function messageById(db: Db, stackId: number, id: number): Promise<MessageRow | undefined> {
  return db
    .selectFrom('pm_messages')
    .select([...MESSAGE_COLUMNS])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The thread's messages `userId` still sees, newest first: `limit` + 1 of them, older than `before`. */
export async function messagesOf(
  db: Db,
  stackId: number,
  thread: ThreadRow,
  userId: number,
  before: number | undefined,
  limit: number,
): Promise<{ count: number; rows: MessageRow[] }> {
  const q = db
    .selectFrom('pm_messages')
    .where('stack_id', '=', stackId)
    .where('thread_id', '=', thread.id)
    .where('id', '>', clearedFor(thread, userId));
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q.select([...MESSAGE_COLUMNS]);
  if (before !== undefined) page = page.where('id', '<', before);
  const rows = await page
    .orderBy('id', 'desc')
    .limit(limit + 1)
    .execute();
  return { count: total.n, rows };
}

/** Marks the messages `userId` received in the thread seen. */
export async function markSeen(db: Db, stackId: number, threadId: number, userId: number, at: Date) {
  await db
    .updateTable('pm_messages')
    .set({ seen_at: at })
    .where('stack_id', '=', stackId)
    .where('thread_id', '=', threadId)
    .where('receiver_id', '=', userId)
    .where('seen_at', 'is', null)
    .execute();
}

/** The sender deletes a message: it keeps its place in the thread, its text is erased. */
export async function deleteMessage(db: Db, stackId: number, id: number, at: Date): Promise<void> {
  await db
    .updateTable('pm_messages')
    .set({ deleted_at: at, seen_at: sql`coalesce(seen_at, ${at})`, message: ' ' })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** `userId` deletes the thread for themselves: its messages so far leave their list (and are seen). */
export async function clearThread(db: Db, stackId: number, thread: ThreadRow, userId: number, at: Date) {
  const last = await db
    .selectFrom('pm_messages')
    .select(sql<number>`coalesce(max(id), 0)::int`.as('id'))
    .where('stack_id', '=', stackId)
    .where('thread_id', '=', thread.id)
    .executeTakeFirstOrThrow();
  await db
    .updateTable('pm_threads')
    .set(thread.user_lo === userId ? { lo_cleared_id: last.id } : { hi_cleared_id: last.id })
    .where('stack_id', '=', stackId)
    .where('id', '=', thread.id)
    .execute();
  await markSeen(db, stackId, thread.id, userId, at);
}

export interface SnippetRow extends MessageRow {
  other_id: number;
  last_message_at: Date;
  unseen: number;
}

/** The caller's threads with something left to see, newest first, each with its last message. */
export async function threadsOf(
  db: Db,
  stackId: number,
  userId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: SnippetRow[] }> {
  const mine = sql`
    FROM pm_threads t
    JOIN LATERAL (
      SELECT m.id, m.thread_id, m.sender_id, m.receiver_id, m.message, m.created_at, m.seen_at,
             m.deleted_at
      FROM pm_messages m
      WHERE m.stack_id = t.stack_id AND m.thread_id = t.id
      ORDER BY m.id DESC
      LIMIT 1
    ) last ON true
    WHERE t.stack_id = ${stackId}
      AND (t.user_lo = ${userId} OR t.user_hi = ${userId})
      AND last.id > CASE WHEN t.user_lo = ${userId} THEN t.lo_cleared_id ELSE t.hi_cleared_id END`;
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n ${mine}`.execute(db);
  const rows = await sql<SnippetRow>`
    SELECT last.*, t.last_message_at,
      CASE WHEN t.user_lo = ${userId} THEN t.user_hi ELSE t.user_lo END AS other_id,
      (SELECT count(*)::int FROM pm_messages u
        WHERE u.stack_id = t.stack_id AND u.thread_id = t.id AND u.receiver_id = ${userId}
          AND u.seen_at IS NULL) AS unseen
    ${mine}
    ORDER BY t.last_message_at DESC, t.id DESC
    LIMIT ${limit} OFFSET ${offset}`.execute(db);
  return { count: total.rows[0]?.n ?? 0, rows: rows.rows };
}

/** How many messages `userId` received and has not seen (one count over a partial index). */
export async function unseenCount(db: Db, stackId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('pm_messages')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('stack_id', '=', stackId)
    .where('receiver_id', '=', userId)
    .where('seen_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}
