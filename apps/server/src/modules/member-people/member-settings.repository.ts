import { sql } from 'kysely';
import type { z } from 'zod';
import type { memberCategorySchema } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { shownTagsOfCategories } from '../tagging/category-tags.repository.ts';
import { categoryRows } from '../activity/category-rows.repository.ts';
import './member-people.tables.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';

type MemberCategory = z.infer<typeof memberCategorySchema>;

/**
 * A page of categories in SelfCommunity's shape, in creation order. Fields this server does not
 * keep (images, SEO texts, auto follow) read as their defaults.
 */
export async function pageOfCategories(
  db: Db,
  stackId: number,
  q: { search?: string; viewer?: number; limit: number | undefined; offset: number },
): Promise<{ count: number; results: MemberCategory[] }> {
  let base = db.selectFrom(categoryRows(db).as('c')).where('c.stack_id', '=', stackId);
  if (q.search) base = base.where(sql`lower(c.name)`, 'like', `%${escapeLike(q.search.toLowerCase())}%`);
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = base
    .select([
      'c.id',
      'c.name',
      'c.slug',
      'c.created_at',
      sql<number>`(SELECT count(*) FROM interests i WHERE i.stack_id = c.stack_id AND i.category_id = c.id)::int`.as(
        'followers',
      ),
      sql<number>`(SELECT count(*) FROM ${categoryRows(db).as('o')} WHERE o.stack_id = c.stack_id AND o.id < c.id)::int`.as(
        'position',
      ),
    ])
    .orderBy('c.id')
    .offset(q.offset);
  if (q.limit !== undefined) page = page.limit(q.limit);
  const rows = await page.execute();
  const ids = rows.map((r) => r.id);
  const followed = new Set<number>();
  if (q.viewer !== undefined && ids.length > 0) {
    for (const r of await db
      .selectFrom('interests')
      .select('category_id')
      .where('stack_id', '=', stackId)
      .where('user_id', '=', q.viewer)
      .where('category_id', 'in', ids)
      .execute())
      followed.add(r.category_id);
  }
  const tags = await shownTagsOfCategories(db, stackId, ids);
  return {
    count: total.n,
    results: rows.map((row) => ({
      id: row.id,
      order: row.position + 1,
      name: row.name,
      name_synonyms: '',
      slug: row.slug,
      slogan: '',
      html_info: '',
      seo_title: '',
      seo_description: '',
      auto_follow: 'none',
      content_only_staff: false,
      active: true,
      deleted: false,
      image_original: null,
      image_bigger: null,
      image_big: null,
      image_medium: null,
      image_small: null,
      emotional_image_original: null,
      emotional_image_position: 0,
      lastmod_datetime: new Date(row.created_at).toISOString(),
      stream_order_by: 'recent',
      followers_counter: row.followers,
      followed: followed.has(row.id),
      tags: tags.filter((t) => t.category_id === row.id).map(({ id, name, color }) => ({ id, name, color })),
    })),
  };
}
