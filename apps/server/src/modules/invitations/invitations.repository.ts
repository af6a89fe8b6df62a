import { sql } from 'kysely';
import type { InvitationListQuery, InvitationStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './invitations.tables.ts';

export interface InvitationRow {
  id: number;
  name: string;
  email: string;
  username: string;
  role: string | null;
  tag_ids: number[];
  category_ids: number[];
  code: string;
  status: InvitationStatus;
  created_by: number | null;
  created_at: Date;
  sent_at: Date | null;
  used_at: Date | null;
  user_id: number | null;
}

export interface NewInvitation {
  name: string;
  email: string;
  username: string;
  role: string | null;
  tag_ids: number[];
  category_ids: number[];
  code: string;
}

const COLUMNS = [
  'id',
  'name',
  'email',
  'username',
  'role',
  'tag_ids',
  'category_ids',
  'code',
  'status',
  'created_by',
  'created_at',
  'sent_at',
  'used_at',
  'user_id',
] as const;

/** Rows per INSERT statement (each column one array parameter). */
const INSERT_CHUNK = 1000;

export async function pageOfInvitations(
  db: Db,
  stackId: number,
  query: InvitationListQuery,
): Promise<{ count: number; rows: InvitationRow[] }> {
  let q = db.selectFrom('invitations').where('stack_id', '=', stackId);
  q =
    query.tab === 'accepted'
      ? q.where('status', '=', 'used')
      : q.where(
          'status',
          'in',
          query.status && query.status !== 'used' ? [query.status] : ['to_send', 'sent'],
        );
  if (query.search) {
    const like = `%${escapeLike(query.search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql<string>`lower(email)`, 'like', like),
        eb(sql<string>`lower(username)`, 'like', like),
        eb(sql<string>`lower(name)`, 'like', like),
      ]),
    );
  }
  const [total, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    q
      .select(COLUMNS)
      .orderBy(query.tab === 'accepted' ? 'used_at' : 'id', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
  ]);
  return { count: Number(total.n), rows: rows as InvitationRow[] };
}

export async function invitationsByIds(
  db: Db,
  stackId: number,
  ids: readonly number[],
): Promise<InvitationRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .orderBy('id')
    .execute();
  return rows as InvitationRow[];
}

export async function invitationByCode(
  db: Db,
  stackId: number,
  code: string,
): Promise<InvitationRow | undefined> {
  const row = await db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('code', '=', code)
    .executeTakeFirst();
  return row as InvitationRow | undefined;
}

/**
 * Adds the invitations in as few statements as possible: one INSERT … SELECT FROM unnest(…) per chunk,
 * each column sent as one array parameter (a few parameters instead of nine per row, which the
 * database parses far faster than a VALUES list of thousands of rows); ids in order.
 */
export async function insertInvitations(
  db: Db,
  stackId: number,
  rows: readonly NewInvitation[],
  createdBy: number | null,
  at: Date,
): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const chunk = rows.slice(i, i + INSERT_CHUNK);
    const column = <T>(pick: (r: NewInvitation) => T) => chunk.map(pick);
    const intArray = (ids: number[]) => `{${ids.join(',')}}`;
    const inserted = await sql<{ id: number }>`
      INSERT INTO invitations (stack_id, name, email, username, role, tag_ids, category_ids, code, created_by, created_at)
      SELECT ${stackId}, r.name, r.email, r.username, r.role, r.tag_ids::int[], r.category_ids::int[], r.code,
             ${createdBy}::int, ${at}::timestamptz
        FROM unnest(${column((r) => r.name)}::text[], ${column((r) => r.email)}::text[],
                    ${column((r) => r.username)}::text[], ${column((r) => r.role)}::text[],
                    ${column((r) => intArray(r.tag_ids))}::text[], ${column((r) => intArray(r.category_ids))}::text[],
                    ${column((r) => r.code)}::text[])
             WITH ORDINALITY AS r(name, email, username, role, tag_ids, category_ids, code, n)
       ORDER BY r.n
      RETURNING id`.execute(db);
    ids.push(...inserted.rows.map((r) => r.id));
  }
  return ids;
}

export async function updateInvitation(
  db: Db,
  stackId: number,
  id: number,
  values: Omit<NewInvitation, 'code'>,
): Promise<boolean> {
  const result = await db
    .updateTable('invitations')
    .set(values)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('status', '!=', 'used')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Deletes the invitations not used yet (a used one stays: it is the record of who joined from it). */
export async function deleteInvitations(db: Db, stackId: number, ids: readonly number[]): Promise<number> {
  const result = await db
    .deleteFrom('invitations')
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .where('status', '!=', 'used')
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/**
 * Which of the lower-cased emails and usernames already belong to a member or an invitation of the
 * community (`except`: the invitation being edited). One statement each way, whatever the count.
 */
export async function takenValues(
  db: Db,
  stackId: number,
  emails: readonly string[],
  usernames: readonly string[],
  except?: number,
): Promise<{
  memberEmails: Set<string>;
  memberUsernames: Set<string>;
  invitedEmails: Set<string>;
  invitedUsernames: Set<string>;
}> {
  const none = ['\u0001'];
  const e = emails.length > 0 ? [...emails] : none;
  const u = usernames.length > 0 ? [...usernames] : none;
  const members = db.selectFrom(communityUserRows(db).as('m')).where('m.stack_id', '=', stackId);
  const invited = db
    .selectFrom('invitations')
    .where('stack_id', '=', stackId)
    .$if(except !== undefined, (q) => q.where('id', '!=', except ?? 0));
  const [me, mu, ie, iu] = await Promise.all([
    members
      .select(sql<string>`lower(m.email)`.as('v'))
      .where(sql<string>`lower(m.email)`, 'in', e)
      .execute(),
    members
      .select(sql<string>`lower(m.username)`.as('v'))
      .where(sql<string>`lower(m.username)`, 'in', u)
      .execute(),
    invited
      .select(sql<string>`lower(email)`.as('v'))
      .where(sql<string>`lower(email)`, 'in', e)
      .execute(),
    invited
      .select(sql<string>`lower(username)`.as('v'))
      .where(sql<string>`lower(username)`, 'in', u)
      .execute(),
  ]);
  const set = (rows: { v: string }[]) => new Set(rows.map((r) => r.v));
  return {
    memberEmails: set(me),
    memberUsernames: set(mu),
    invitedEmails: set(ie),
    invitedUsernames: set(iu),
  };
}

/**
 * Marks the invitation used by a new member, exactly once: the row is taken only while not used, so of
 * two sign-ups racing with one code the second finds nothing (run inside the sign-up's transaction).
 */
export async function claimInvitation(
  db: Db,
  stackId: number,
  code: string,
  at: Date,
): Promise<InvitationRow | undefined> {
  const row = await db
    .updateTable('invitations')
    .set({ status: 'used', used_at: at })
    .where('stack_id', '=', stackId)
    .where('code', '=', code)
    .where('status', '!=', 'used')
    .returning(COLUMNS)
    .executeTakeFirst();
  return row as InvitationRow | undefined;
}

export async function setInvitationUser(db: Db, stackId: number, id: number, userId: number): Promise<void> {
  await db
    .updateTable('invitations')
    .set({ user_id: userId })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

// --- Sending tasks ------------------------------------------------------------------------------

export interface SendRow {
  id: number;
  status: 'running' | 'done';
  total: number;
  sent: number;
  failed: number;
  created_at: Date;
  finished_at: Date | null;
}

const SEND_COLUMNS = ['id', 'status', 'total', 'sent', 'failed', 'created_at', 'finished_at'] as const;

/**
 * A sending task for the chosen invitations still to be sent and not already queued by another task
 * (each invitation is sent once); undefined when none is left to send.
 */
export async function createSend(
  db: Db,
  stackId: number,
  ids: readonly number[],
  at: Date,
): Promise<SendRow | undefined> {
  return db.transaction().execute(async (trx) => {
    const send = await trx
      .insertInto('invitation_sends')
      .values({ stack_id: stackId, total: 0, created_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    const queued = await trx
      .updateTable('invitations')
      .set({ send_id: send.id })
      .where('stack_id', '=', stackId)
      .where('id', 'in', [...ids])
      .where('status', '=', 'to_send')
      .where('send_id', 'is', null)
      .executeTakeFirst();
    const total = Number(queued.numUpdatedRows);
    if (total === 0) {
      await trx.deleteFrom('invitation_sends').where('id', '=', send.id).execute();
      return undefined;
    }
    return (await trx
      .updateTable('invitation_sends')
      .set({ total })
      .where('id', '=', send.id)
      .returning(SEND_COLUMNS)
      .executeTakeFirstOrThrow()) as SendRow;
  });
}

export async function sendById(db: Db, stackId: number, id: number): Promise<SendRow | undefined> {
  return (await db
    .selectFrom('invitation_sends')
    .select(SEND_COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst()) as SendRow | undefined;
}

/** The next invitations a task still has to send. */
export async function queuedInvitations(
  db: Db,
  stackId: number,
  sendId: number,
  limit: number,
): Promise<InvitationRow[]> {
  const rows = await db
    .selectFrom('invitations')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('send_id', '=', sendId)
    .where('status', '=', 'to_send')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows as InvitationRow[];
}

/** One invitation sent: it leaves the queue and the task counts it. */
export async function markSent(db: Db, stackId: number, sendId: number, id: number, at: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('invitations')
      .set({ status: 'sent', sent_at: at })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .where('status', '=', 'to_send')
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return;
    await trx
      .updateTable('invitation_sends')
      .set((eb) => ({ sent: eb('sent', '+', 1) }))
      .where('id', '=', sendId)
      .execute();
  });
}

/** One invitation the mail server refused: it leaves the task, still to be sent, and the task counts it. */
export async function markFailed(db: Db, stackId: number, sendId: number, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const r = await trx
      .updateTable('invitations')
      .set({ send_id: null })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .where('send_id', '=', sendId)
      .executeTakeFirst();
    if (Number(r.numUpdatedRows) === 0) return;
    await trx
      .updateTable('invitation_sends')
      .set((eb) => ({ failed: eb('failed', '+', 1) }))
      .where('id', '=', sendId)
      .execute();
  });
}

export async function finishSend(db: Db, stackId: number, sendId: number, at: Date): Promise<void> {
  await db
    .updateTable('invitation_sends')
    .set({ status: 'done', finished_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', sendId)
    .execute();
}
