import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// A content moved between tallies (another category, type or status) takes one from its old tally
// row and adds one to its new one (migration 0047). Two moves in opposite directions at the same
// instant took the same two rows in opposite orders and could deadlock, failing one of the two
// requests. The two rows are now always taken in key order, so the second move waits for the first.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE OR REPLACE FUNCTION contribution_tallies_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      old_first boolean := TG_OP = 'DELETE';
    BEGIN
      IF TG_OP = 'UPDATE' THEN
        IF OLD.type = NEW.type AND OLD.status = NEW.status
           AND OLD.category_id IS NOT DISTINCT FROM NEW.category_id AND OLD.stack_id = NEW.stack_id THEN
          RETURN NULL;
        END IF;
        old_first := (OLD.stack_id, coalesce(OLD.category_id, 0), OLD.type, OLD.status)
                   < (NEW.stack_id, coalesce(NEW.category_id, 0), NEW.type, NEW.status);
      END IF;
      IF old_first THEN
        UPDATE contribution_tallies SET n = n - 1
         WHERE stack_id = OLD.stack_id AND category_key = coalesce(OLD.category_id, 0)
           AND type = OLD.type AND status = OLD.status;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO contribution_tallies AS t (stack_id, category_key, type, status, n)
        VALUES (NEW.stack_id, coalesce(NEW.category_id, 0), NEW.type, NEW.status, 1)
        ON CONFLICT (stack_id, category_key, type, status) DO UPDATE SET n = t.n + 1;
      END IF;
      IF TG_OP = 'UPDATE' AND NOT old_first THEN
        UPDATE contribution_tallies SET n = n - 1
         WHERE stack_id = OLD.stack_id AND category_key = coalesce(OLD.category_id, 0)
           AND type = OLD.type AND status = OLD.status;
      END IF;
      RETURN NULL;
    END $$;
  `.execute(db);
}
