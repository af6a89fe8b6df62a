import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A feed's `count` (ADR 0022) counts every content a member may see in it: tens of thousands for a
// home feed, a whole community for explore. These partial indexes hold only the contents a feed can
// show (published posts, discussions, statuses) with every column the count's rules read, so the count
// is an index-only scan instead of a visit of each row.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX contributions_feed_count_category_idx ON contributions (stack_id, category_id)
      INCLUDE (author_id, id, type)
      WHERE status = 'published' AND type IN ('discussion', 'post', 'status');
    CREATE INDEX contributions_feed_count_author_idx ON contributions (stack_id, author_id)
      INCLUDE (category_id, id, type)
      WHERE status = 'published' AND type IN ('discussion', 'post', 'status');
    CREATE INDEX contributions_feed_count_idx ON contributions (stack_id)
      INCLUDE (category_id, author_id, id, type)
      WHERE status = 'published' AND type IN ('discussion', 'post', 'status');
  `.execute(db);
}
