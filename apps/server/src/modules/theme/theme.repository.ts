import type { Db } from '../../platform/db/database.ts';

/** A community's id by its slug (public media addresses carry the slug). */
export async function stackIdBySlug(db: Db, slug: string): Promise<number | undefined> {
  const row = await db.selectFrom('stacks').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}
