import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    -- Issue 10 §3: an action whose audit entry cannot be written must not happen. The entry is
    -- written 'pending' before the handler runs (its own statement: when it fails, the request fails
    -- and nothing is done), then completed when the answer is a success, or removed when it is not.
    -- Rows written before this migration were all completed actions.
    ALTER TABLE audit_log
      ADD COLUMN status text NOT NULL DEFAULT 'completed' CHECK (status IN ('pending', 'completed'));
    CREATE INDEX audit_log_pending_idx ON audit_log (stack_id, at) WHERE status = 'pending';

    -- Still append-only, with one exception: a pending entry is completed once (its status and its
    -- details — the route's before/after values — change; who, what, when and from where do not).
    CREATE OR REPLACE FUNCTION audit_log_refuse_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.status = 'pending' AND NEW.status = 'completed'
        AND (NEW.stack_id, NEW.id, NEW.at, NEW.account_id, NEW.community_user_id, NEW.username,
             NEW.role, NEW.action, NEW.method, NEW.route, NEW.target, NEW.ip)
          IS NOT DISTINCT FROM
            (OLD.stack_id, OLD.id, OLD.at, OLD.account_id, OLD.community_user_id, OLD.username,
             OLD.role, OLD.action, OLD.method, OLD.route, OLD.target, OLD.ip)
      THEN
        RETURN NEW;
      END IF;
      RAISE EXCEPTION 'audit_log entries cannot be changed';
    END;
    $$;
  `.execute(db);
}
