import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { voteRows } from '../member-content/reaction-rows.repository.ts';
import './reactions.tables.ts';

export interface ReactionRow {
  id: number;
  label: string;
  image: string;
  sentiment: number;
  active: boolean;
  is_default: boolean;
  updated_at: Date;
  updated_by: number | null;
  updated_by_username: string | null;
}

const COLUMNS = [
  'id',
  'label',
  'image',
  'sentiment',
  'active',
  'is_default',
  'updated_at',
  'updated_by',
  'updated_by_username',
] as const;

export async function hasReactions(db: Db, stackId: number): Promise<boolean> {
  const row = await db
    .selectFrom('reactions')
    .select('id')
    .where('stack_id', '=', stackId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** Writes a community's starting reactions; labels already there are left alone (safe to run twice). */
export async function insertStartingReactions(
  db: Db,
  stackId: number,
  rows: { label: string; image: string; sentiment: number; isDefault: boolean }[],
  at: Date,
): Promise<void> {
  await db
    .insertInto('reactions')
    .values(
      rows.map((r) => ({
        stack_id: stackId,
        label: r.label,
        image: r.image,
        sentiment: r.sentiment,
        active: true,
        is_default: r.isDefault,
        created_at: at,
        updated_at: at,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Every reaction of a community with its total uses (default first, then by id). */
export async function listReactions(db: Db, stackId: number): Promise<(ReactionRow & { total: number })[]> {
  const rows = await db
    .selectFrom('reactions as r')
    .leftJoin(
      db
        .selectFrom(voteRows(db).as('vr'))
        .select((eb) => ['vr.reaction_id', eb.fn.countAll<number>().as('n')])
        .where('vr.stack_id', '=', stackId)
        .where('vr.reaction_id', 'is not', null)
        .groupBy('vr.reaction_id')
        .as('v'),
      'v.reaction_id',
      'r.id',
    )
    .select(COLUMNS.map((c) => `r.${c}` as const))
    .select((eb) => eb.fn.coalesce('v.n', sql<number>`0`).as('total'))
    .where('r.stack_id', '=', stackId)
    .orderBy('r.is_default', 'desc')
    .orderBy('r.id')
    .execute();
  return rows.map((r) => ({ ...r, total: Number(r.total) }));
}

export async function findReaction(db: Db, stackId: number, id: number): Promise<ReactionRow | undefined> {
  return db
    .selectFrom('reactions')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function labelTaken(
  db: Db,
  stackId: number,
  label: string,
  exceptId?: number,
): Promise<boolean> {
  let query = db
    .selectFrom('reactions')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql<string>`lower(label)`, '=', label.toLowerCase());
  if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function insertReaction(
  db: Db,
  stackId: number,
  values: { label: string; image: string; sentiment: number; active: boolean },
  by: { userId: number; username: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('reactions')
    .values({
      stack_id: stackId,
      ...values,
      is_default: false,
      created_at: at,
      updated_at: at,
      updated_by: by.userId,
      updated_by_username: by.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateReaction(
  db: Db,
  stackId: number,
  id: number,
  changes: Partial<{ label: string; image: string; sentiment: number; active: boolean }>,
  by: { userId: number; username: string },
  at: Date,
): Promise<void> {
  await db
    .updateTable('reactions')
    .set({ ...changes, updated_at: at, updated_by: by.userId, updated_by_username: by.username })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** Makes one (active) reaction the community's default, in one transaction. */
export async function setDefaultReaction(
  db: Db,
  stackId: number,
  id: number,
  by: { userId: number; username: string },
  at: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('reactions')
      .set({ is_default: false })
      .where('stack_id', '=', stackId)
      .where('is_default', '=', true)
      .where('id', '!=', id)
      .execute();
    await trx
      .updateTable('reactions')
      .set({ is_default: true, updated_at: at, updated_by: by.userId, updated_by_username: by.username })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .execute();
  });
}

/** Reactions for the member API: search in the label, active filter, ordering by a field. */
export async function memberReactionPage(
  db: Db,
  stackId: number,
  filter: { search?: string; active?: boolean; ordering?: string },
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: ReactionRow[] }> {
  let base = db.selectFrom('reactions').where('stack_id', '=', stackId);
  const search = filter.search?.trim();
  if (search)
    base = base.where(
      sql<string>`lower(label)`,
      'like',
      `%${search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`,
    );
  if (filter.active !== undefined) base = base.where('active', '=', filter.active);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const ordering = filter.ordering?.trim() ?? '';
  const descending = ordering.startsWith('-');
  const field = ({ id: 'id', label: 'label', sentiment: 'sentiment', active: 'active' } as const)[
    ordering.replace(/^-/, '') as 'id'
  ];
  let page = base
    .select(COLUMNS)
    .orderBy(field ?? 'id', descending ? 'desc' : 'asc')
    .orderBy('id')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: Number(total.n), rows: await page.execute() };
}

/**
 * Reactions by id, for other modules' answers (member-content's `reactions_count`): the public fields
 * of SelfCommunity's Reaction object.
 */
export async function reactionsByIds(
  db: Db,
  stackId: number,
  ids: readonly number[],
): Promise<Map<number, { id: number; label: string; sentiment: number; image: string; active: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('reactions')
    .select(['id', 'label', 'sentiment', 'image', 'active'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** The community's default reaction, and whether `id` names an active one (votes with a reaction). */
export async function voteReactionOf(
  db: Db,
  stackId: number,
  id: number | undefined,
): Promise<{ id: number; active: boolean } | undefined> {
  let query = db.selectFrom('reactions').select(['id', 'active']).where('stack_id', '=', stackId);
  query = id === undefined ? query.where('is_default', '=', true) : query.where('id', '=', id);
  return query.executeTakeFirst();
}
