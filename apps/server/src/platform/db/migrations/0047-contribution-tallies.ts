import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// How many contributions each community holds per category, type and status, kept by a trigger
// (issue 18 §4's bench). A feed's `count` of a whole community (explore, a visitor's home) or of
// categories (a category's feed, a home's followed categories) read every matching index entry:
// ~150 ms at 350,000 contents on PostgreSQL, for every page. It now sums a few of these rows, less
// the few contents the other rules take away (migration 0029's indexes still serve those).
// `category_key` is the category's id, or 0 for none (a key cannot be NULL).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE contribution_tallies (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      category_key integer NOT NULL,
      type text NOT NULL,
      status text NOT NULL,
      n bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (stack_id, category_key, type, status)
    );

    CREATE FUNCTION contribution_tallies_keep() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP = 'UPDATE' AND OLD.type = NEW.type AND OLD.status = NEW.status
         AND OLD.category_id IS NOT DISTINCT FROM NEW.category_id AND OLD.stack_id = NEW.stack_id THEN
        RETURN NULL;
      END IF;
      IF TG_OP IN ('UPDATE', 'DELETE') THEN
        UPDATE contribution_tallies SET n = n - 1
         WHERE stack_id = OLD.stack_id AND category_key = coalesce(OLD.category_id, 0)
           AND type = OLD.type AND status = OLD.status;
      END IF;
      IF TG_OP IN ('INSERT', 'UPDATE') THEN
        INSERT INTO contribution_tallies AS t (stack_id, category_key, type, status, n)
        VALUES (NEW.stack_id, coalesce(NEW.category_id, 0), NEW.type, NEW.status, 1)
        ON CONFLICT (stack_id, category_key, type, status) DO UPDATE SET n = t.n + 1;
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER contributions_tallies AFTER INSERT OR UPDATE OR DELETE ON contributions
      FOR EACH ROW EXECUTE FUNCTION contribution_tallies_keep();

    INSERT INTO contribution_tallies (stack_id, category_key, type, status, n)
    SELECT stack_id, coalesce(category_id, 0), type, status, count(*)
      FROM contributions GROUP BY 1, 2, 3, 4;
  `.execute(db);
}
