import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// The email manager (issue 14 §1, ADR 0023): a community's email themes and templates. The shipped
// defaults live in code; a row is created the first time a community lists them, and edits go here.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE email_themes (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL UNIQUE,
      shipped boolean NOT NULL DEFAULT false,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      html text NOT NULL,
      is_default boolean NOT NULL DEFAULT false,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      PRIMARY KEY (stack_id, id)
    );
    -- One default theme per community; one shipped theme per community.
    CREATE UNIQUE INDEX email_themes_one_default_idx ON email_themes (stack_id) WHERE is_default;
    CREATE UNIQUE INDEX email_themes_one_shipped_idx ON email_themes (stack_id) WHERE shipped;

    CREATE TABLE email_templates (
      stack_id integer NOT NULL,
      id serial NOT NULL UNIQUE,
      key text,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      type text NOT NULL CHECK (type IN ('system', 'invite', 'data_provisioning')),
      theme_id integer,
      subject_en text NOT NULL,
      subject_it text NOT NULL,
      html_en text NOT NULL,
      html_it text NOT NULL,
      active boolean NOT NULL DEFAULT true,
      footer_links jsonb NOT NULL DEFAULT '[]'::jsonb,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by text,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id) REFERENCES stacks (id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, theme_id) REFERENCES email_themes (stack_id, id)
    );
    CREATE UNIQUE INDEX email_templates_key_idx ON email_templates (stack_id, key) WHERE key IS NOT NULL;
    CREATE INDEX email_templates_theme_idx ON email_templates (stack_id, theme_id);
  `.execute(db);
}
