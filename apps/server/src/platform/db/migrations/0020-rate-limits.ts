import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Hits counted against a rate limit (e.g. the email server test: a few per community per minute),
// in the database so the limit holds across processes. `bucket` names the limit, `key` the counted
// party; rows older than the longest window are deleted as new hits arrive.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE rate_limit_hits (
      id bigserial PRIMARY KEY,
      bucket text NOT NULL,
      key text NOT NULL,
      created_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limit_hits_lookup_idx ON rate_limit_hits (bucket, key, created_at);
  `.execute(db);
}
