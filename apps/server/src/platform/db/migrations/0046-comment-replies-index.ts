import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A comment's replies by their parent (issue 18 §4's bench): every list of comments counts each
// comment's replies (`comment_count`), and with no index on `parent_id` that count read the whole
// community's comments — about 150 ms per page at 350,000 comments on PostgreSQL. Only replies
// have a parent, so the index holds those alone.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE INDEX comments_parent_idx ON comments (stack_id, parent_id) WHERE parent_id IS NOT NULL;
  `.execute(db);
}
