import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- The audit log (issue 5 §6): every successful staff write in a community, appended by the
    -- community scope's onResponse hook. Append-only: the API has no route to change it and the
    -- database refuses updates.
    CREATE TABLE audit_log (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigserial NOT NULL UNIQUE,
      at timestamptz NOT NULL,
      account_id integer,
      community_user_id integer,
      username text,
      role text,
      action text NOT NULL,
      method text NOT NULL,
      route text NOT NULL,
      target jsonb NOT NULL DEFAULT '{}'::jsonb,
      details jsonb NOT NULL DEFAULT '{}'::jsonb,
      ip text,
      PRIMARY KEY (stack_id, id)
    );
    CREATE INDEX audit_log_at_idx ON audit_log (stack_id, at DESC, id DESC);
    CREATE INDEX audit_log_staff_idx ON audit_log (stack_id, community_user_id, at DESC);

    CREATE FUNCTION audit_log_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_log entries cannot be changed';
    END;
    $$;
    CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
      FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_update();
  `.execute(db);
}
