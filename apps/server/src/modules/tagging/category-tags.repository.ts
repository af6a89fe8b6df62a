import type { Db } from '../../platform/db/database.ts';
import './tagging.tables.ts';

// The tagging module owns `category_tags` and `tags`; other modules ask here for a category's tags.

/** The active, visible tags of these categories (what members see), by tag name. */
export async function shownTagsOfCategories(db: Db, stackId: number, categoryIds: number[]) {
  if (categoryIds.length === 0) return [];
  return db
    .selectFrom('category_tags as ct')
    .innerJoin('tags as t', (j) => j.onRef('t.stack_id', '=', 'ct.stack_id').onRef('t.id', '=', 'ct.tag_id'))
    .select(['ct.category_id', 't.id', 't.name', 't.color'])
    .where('ct.stack_id', '=', stackId)
    .where('ct.category_id', 'in', categoryIds)
    .where('t.active', '=', true)
    .where('t.visible', '=', true)
    .orderBy('t.name')
    .execute();
}
