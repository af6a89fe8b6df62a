import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A feed's count (ADR 0043) takes away the contents a moderator hid, those of gone authors and the
// scheduled ones, each looked up by its id to see whether the feed holds it. By the unique id index
// each lookup also read the row from the table: two scattered pages per id, about 2,000 ids in a
// community of 350,000 contents. This partial index answers the lookup alone (an index-only scan)
// with every column the count's rules read, for the only contents a feed can show.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX contributions_feed_count_id_idx ON contributions (id)
      INCLUDE (stack_id, category_id, author_id, type)
      WHERE status = 'published' AND type IN ('discussion', 'post', 'status');
  `.execute(db);
}
