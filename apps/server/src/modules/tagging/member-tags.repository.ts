import { sql } from 'kysely';
import type { TagType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './tagging.tables.ts';
import type { TagRow } from './tagging.repository.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';

/** A tag as the member API lists it: the console's row without its assignment count. */
export type MemberTagRow = Omit<TagRow, 'assigned_count'>;

const ORDERING: Record<string, ['name' | 'created_at' | 'id' | 'type', 'asc' | 'desc']> = {
  name: ['name', 'asc'],
  '-name': ['name', 'desc'],
  created_at: ['created_at', 'asc'],
  '-created_at': ['created_at', 'desc'],
  id: ['id', 'asc'],
  '-id': ['id', 'desc'],
  type: ['type', 'asc'],
  '-type': ['type', 'desc'],
};

/** A page of a community's tags of the given types, newest first unless `ordering` says otherwise. */
export async function pageOfTags(
  db: Db,
  stackId: number,
  f: {
    types: TagType[];
    ids?: number[];
    search?: string;
    active?: boolean;
    visible?: boolean;
    visibilityBoost?: boolean;
    ordering?: string;
    limit: number | undefined;
    offset: number;
  },
): Promise<{ count: number; rows: MemberTagRow[] }> {
  if (f.types.length === 0) return { count: 0, rows: [] };
  let q = db.selectFrom('tags').where('stack_id', '=', stackId).where('type', 'in', f.types);
  if (f.ids) q = q.where('id', 'in', f.ids);
  if (f.search) q = q.where(sql`lower(name)`, 'like', `%${escapeLike(f.search.toLowerCase())}%`);
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  if (f.visible !== undefined) q = q.where('visible', '=', f.visible);
  if (f.visibilityBoost !== undefined) q = q.where('visibility_boost', '=', f.visibilityBoost);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const [column, direction] = ORDERING[f.ordering?.split(',')[0]?.trim() ?? ''] ?? ['created_at', 'desc'];
  let page = q
    .select([
      'id',
      'type',
      'name',
      'description',
      'color',
      'visible',
      'visibility_boost',
      'active',
      'created_at',
    ])
    .orderBy(column, direction)
    .orderBy('id', direction)
    .offset(f.offset);
  if (f.limit !== undefined) page = page.limit(f.limit);
  return { count: total.n, rows: await page.execute() };
}
