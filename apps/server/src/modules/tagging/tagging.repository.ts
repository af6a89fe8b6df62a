import { sql } from 'kysely';
import type { TagAddressing, TagObject, TagObjectType, TagType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { categoryRows, existingCategoryIds } from '../categories/category-rows.repository.ts';
import {
  contributionTexts,
  existingContributionIds,
} from '../member-content/contribution-texts.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './tagging.tables.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';

export interface TagRow {
  id: number;
  type: TagType;
  name: string;
  description: string;
  color: string;
  visible: boolean;
  visibility_boost: boolean;
  active: boolean;
  created_at: Date;
  assigned_count: number;
}

const assignedCount = sql<number>`(
  CASE tags.type
    WHEN 'user' THEN (SELECT count(*) FROM user_tags a WHERE a.stack_id = tags.stack_id AND a.tag_id = tags.id)
    WHEN 'category' THEN (SELECT count(*) FROM category_tags a WHERE a.stack_id = tags.stack_id AND a.tag_id = tags.id)
    ELSE (SELECT count(*) FROM contribution_tags a WHERE a.stack_id = tags.stack_id AND a.tag_id = tags.id)
  END
)::int`;

function tagColumns(db: Db) {
  return db
    .selectFrom('tags')
    .select([
      'tags.id',
      'tags.type',
      'tags.name',
      'tags.description',
      'tags.color',
      'tags.visible',
      'tags.visibility_boost',
      'tags.active',
      'tags.created_at',
      assignedCount.as('assigned_count'),
    ]);
}

export async function listTags(
  db: Db,
  stackId: number,
  filter: { type: TagType; active?: boolean; search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: TagRow[] }> {
  let q = db.selectFrom('tags').where('tags.stack_id', '=', stackId).where('tags.type', '=', filter.type);
  if (filter.active !== undefined) q = q.where('tags.active', '=', filter.active);
  if (filter.search) q = q.where(sql<boolean>`tags.name ILIKE ${`%${escapeLike(filter.search)}%`}`);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const ids = await q
    .select('tags.id')
    .orderBy('tags.name')
    .orderBy('tags.id')
    .limit(filter.limit)
    .offset(filter.offset)
    .execute();
  const rows = await tagsByIds(
    db,
    stackId,
    ids.map((r) => r.id),
  );
  return { count: total.n, rows };
}

export async function tagsByIds(db: Db, stackId: number, ids: number[]): Promise<TagRow[]> {
  if (ids.length === 0) return [];
  const rows = (await tagColumns(db)
    .where('tags.stack_id', '=', stackId)
    .where('tags.id', 'in', ids)
    .execute()) as TagRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => byId.get(id)).filter((r): r is TagRow => r !== undefined);
}

export async function tagById(db: Db, stackId: number, id: number): Promise<TagRow | undefined> {
  return (await tagsByIds(db, stackId, [id]))[0];
}

export async function nameTaken(db: Db, stackId: number, type: TagType, name: string, exceptId?: number) {
  let q = db
    .selectFrom('tags')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('type', '=', type)
    .where(sql<boolean>`lower(name) = lower(${name})`);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export interface TagValues {
  name?: string;
  description?: string;
  color?: string;
  visible?: boolean;
  visibility_boost?: boolean;
  active?: boolean;
}

export async function insertTag(db: Db, stackId: number, type: TagType, values: TagValues): Promise<number> {
  const row = await db
    .insertInto('tags')
    .values({ stack_id: stackId, type, name: values.name ?? '', ...values })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTag(db: Db, stackId: number, id: number, values: TagValues): Promise<void> {
  if (Object.keys(values).length === 0) return;
  await db.updateTable('tags').set(values).where('stack_id', '=', stackId).where('id', '=', id).execute();
}

export async function setActive(db: Db, stackId: number, ids: number[], active: boolean): Promise<number> {
  const result = await db
    .updateTable('tags')
    .set({ active })
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Members who left or were erased: nobody tags them, and the assignment lists leave them out. */
const GONE = sql`('deleted', 'fully_deleted')`;

/** Which of `ids` exist as elements of this kind in the community (each kind asked of its owner). */
export async function existingObjects(db: Db, stackId: number, kind: TagObjectType, ids: number[]) {
  if (kind === 'user') return taggableUserIds(db, stackId, ids);
  if (kind === 'category') return existingCategoryIds(db, stackId, ids);
  return existingContributionIds(db, stackId, ids);
}

async function taggableUserIds(db: Db, stackId: number, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const { rows } = await sql<{ id: number }>`
    SELECT o.id FROM ${communityUserRows(db).as('o')}
     WHERE o.stack_id = ${stackId} AND o.id = ANY(${ids}::int[]) AND o.status NOT IN ${GONE}`.execute(db);
  return rows.map((r) => r.id);
}

/** Assigns the tag to the objects; answers the ids that did not have it yet. */
export async function assign(
  db: Db,
  stackId: number,
  tagId: number,
  kind: TagObjectType,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  if (kind === 'user') {
    const rows = await db
      .insertInto('user_tags')
      .values(ids.map((user_id) => ({ stack_id: stackId, user_id, tag_id: tagId })))
      .onConflict((oc) => oc.doNothing())
      .returning('user_id as id')
      .execute();
    return rows.map((r) => r.id);
  }
  if (kind === 'category') {
    const rows = await db
      .insertInto('category_tags')
      .values(ids.map((category_id) => ({ stack_id: stackId, category_id, tag_id: tagId })))
      .onConflict((oc) => oc.doNothing())
      .returning('category_id as id')
      .execute();
    return rows.map((r) => r.id);
  }
  const max = await db
    .selectFrom('contribution_tags')
    .select(sql<number>`coalesce(max(ordering), 0)::int`.as('m'))
    .where('stack_id', '=', stackId)
    .where('tag_id', '=', tagId)
    .executeTakeFirstOrThrow();
  const rows = await db
    .insertInto('contribution_tags')
    .values(
      ids.map((contribution_id, i) => ({
        stack_id: stackId,
        contribution_id,
        tag_id: tagId,
        ordering: max.m + i + 1,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('contribution_id as id')
    .execute();
  return rows.map((r) => r.id);
}

/** Takes the tag from the objects; answers the ids that had it. */
export async function unassign(
  db: Db,
  stackId: number,
  tagId: number,
  kind: TagObjectType,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  if (kind === 'user') {
    const rows = await db
      .deleteFrom('user_tags')
      .where('stack_id', '=', stackId)
      .where('tag_id', '=', tagId)
      .where('user_id', 'in', ids)
      .returning('user_id as id')
      .execute();
    return rows.map((r) => r.id);
  }
  if (kind === 'category') {
    const rows = await db
      .deleteFrom('category_tags')
      .where('stack_id', '=', stackId)
      .where('tag_id', '=', tagId)
      .where('category_id', 'in', ids)
      .returning('category_id as id')
      .execute();
    return rows.map((r) => r.id);
  }
  const rows = await db
    .deleteFrom('contribution_tags')
    .where('stack_id', '=', stackId)
    .where('tag_id', '=', tagId)
    .where('contribution_id', 'in', ids)
    .returning('contribution_id as id')
    .execute();
  return rows.map((r) => r.id);
}

/** The contents assigned to a tag, in their order. */
export async function orderedContents(db: Db, stackId: number, tagId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('contribution_tags')
    .select('contribution_id')
    .where('stack_id', '=', stackId)
    .where('tag_id', '=', tagId)
    .orderBy('ordering')
    .orderBy('contribution_id')
    .execute();
  return rows.map((r) => r.contribution_id);
}

export async function writeOrder(db: Db, stackId: number, tagId: number, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [i, id] of ids.entries()) {
      await trx
        .updateTable('contribution_tags')
        .set({ ordering: i + 1 })
        .where('stack_id', '=', stackId)
        .where('tag_id', '=', tagId)
        .where('contribution_id', '=', id)
        .execute();
    }
  });
}

/**
 * The elements a tag can be assigned to, a page at a time, with search (a user by username, email or
 * name; a category by name; a content by title or text), by label; `onlyAssigned` lists the assigned
 * ones in their order.
 */
export async function listObjects(
  db: Db,
  stackId: number,
  tagId: number,
  kind: TagObjectType,
  filter: { search?: string; onlyAssigned: boolean; limit: number; offset: number },
): Promise<{ count: number; rows: TagObject[] }> {
  const like = filter.search ? `%${escapeLike(filter.search)}%` : null;
  const source =
    kind === 'user'
      ? sql`SELECT o.id, o.username AS label, o.email AS detail, a.tag_id IS NOT NULL AS assigned, NULL::int AS ordering
            FROM ${communityUserRows(db).as('o')} LEFT JOIN user_tags a
              ON a.stack_id = o.stack_id AND a.user_id = o.id AND a.tag_id = ${tagId}
            WHERE o.stack_id = ${stackId} AND o.status NOT IN ${GONE}
              AND (${like}::text IS NULL OR o.username ILIKE ${like} OR o.email ILIKE ${like} OR o.real_name ILIKE ${like})`
      : kind === 'category'
        ? sql`SELECT o.id, o.name AS label, o.slug AS detail, a.tag_id IS NOT NULL AS assigned, NULL::int AS ordering
            FROM ${categoryRows(db).as('o')} LEFT JOIN category_tags a
              ON a.stack_id = o.stack_id AND a.category_id = o.id AND a.tag_id = ${tagId}
            WHERE o.stack_id = ${stackId} AND (${like}::text IS NULL OR o.name ILIKE ${like})`
        : sql`SELECT o.id, CASE WHEN o.title = '' THEN left(o.body, 80) ELSE o.title END AS label, o.type AS detail,
                a.tag_id IS NOT NULL AS assigned, a.ordering
            FROM ${contributionTexts(db).as('o')} LEFT JOIN contribution_tags a
              ON a.stack_id = o.stack_id AND a.contribution_id = o.id AND a.tag_id = ${tagId}
            WHERE o.stack_id = ${stackId} AND (${like}::text IS NULL OR o.title ILIKE ${like} OR o.body ILIKE ${like})`;
  const where = filter.onlyAssigned ? sql`WHERE s.assigned` : sql``;
  // A page of every element is in alphabetical order whatever is assigned, so ticking a box never moves
  // a row to another page; the assigned elements alone come in their order (contents are ordered).
  const order = filter.onlyAssigned
    ? sql`s.ordering NULLS LAST, lower(s.label), s.label, s.id`
    : sql`lower(s.label), s.label, s.id`;
  const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${source}) s ${where}`.execute(db);
  const rows = await sql<TagObject>`SELECT * FROM (${source}) s ${where}
    ORDER BY ${order} LIMIT ${filter.limit} OFFSET ${filter.offset}`.execute(db);
  return { count: total.rows[0]?.n ?? 0, rows: rows.rows };
}

export async function listAddressing(db: Db, stackId: number): Promise<TagAddressing[]> {
  const rows = (await db
    .selectFrom('tag_addressing')
    .select(['id', 'user_tag_from', 'actions', 'user_tag_to'])
    .where('stack_id', '=', stackId)
    .orderBy('id')
    .execute()) as Omit<TagAddressing, 'tag_names'>[];
  const ids = [...new Set(rows.flatMap((r) => [r.user_tag_from, ...r.user_tag_to]))];
  const names =
    ids.length === 0
      ? []
      : await db
          .selectFrom('tags')
          .select(['id', 'name'])
          .where('stack_id', '=', stackId)
          .where('id', 'in', ids)
          .execute();
  const nameOf = new Map(names.map((t) => [Number(t.id), t.name]));
  return rows.map((rule) => ({
    ...rule,
    tag_names: Object.fromEntries(
      [rule.user_tag_from, ...rule.user_tag_to].flatMap((id) =>
        nameOf.has(id) ? [[String(id), nameOf.get(id) as string]] : [],
      ),
    ),
  }));
}

export async function addressingById(db: Db, stackId: number, id: number) {
  return db
    .selectFrom('tag_addressing')
    .select(['id', 'user_tag_from', 'actions', 'user_tag_to'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst() as Promise<Omit<TagAddressing, 'tag_names'> | undefined>;
}

export async function insertAddressing(
  db: Db,
  stackId: number,
  value: Omit<TagAddressing, 'id' | 'tag_names'>,
): Promise<number> {
  const row = await db
    .insertInto('tag_addressing')
    .values({ stack_id: stackId, ...value })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAddressing(
  db: Db,
  stackId: number,
  id: number,
  value: Omit<TagAddressing, 'id' | 'tag_names'>,
) {
  await db
    .updateTable('tag_addressing')
    .set(value)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

export async function deleteAddressing(db: Db, stackId: number, id: number) {
  await db.deleteFrom('tag_addressing').where('stack_id', '=', stackId).where('id', '=', id).execute();
}

/** Which of `ids` are user tags of the community (active or not). */
export async function userTagIds(db: Db, stackId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('type', '=', 'user')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}
