import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// General (custom) pages and error pages (issue 13 §4). A general page has a slug unique in its
// community and either an alternative URL or a sanitised HTML body. An error page row holds a
// community's own HTML for a status it answers members with (404, 503); no row means the shipped
// default (ADR 0020).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE custom_pages (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      title text NOT NULL,
      slug text NOT NULL,
      label text NOT NULL DEFAULT '',
      alternative_url text,
      html_body text NOT NULL DEFAULT '',
      active boolean NOT NULL DEFAULT true,
      created_by integer,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_by integer,
      updated_by_username text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, slug)
    );
    CREATE TABLE error_pages (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('page_not_found', 'service_unavailable')),
      html_body text NOT NULL,
      updated_by integer,
      updated_by_username text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (stack_id, kind)
    );
  `.execute(db);
}
