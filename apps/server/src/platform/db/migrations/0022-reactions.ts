import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Reactions (spec mgmt §2, §5): each community's reactions, one of them the default (always active),
// and the reaction a vote carries. A community's starting reactions are written by the reactions
// module the first time it reads them (their images are stored files, which a migration cannot write).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE reactions (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL,
      label text NOT NULL CHECK (length(label) BETWEEN 1 AND 50),
      image text NOT NULL,
      sentiment smallint NOT NULL CHECK (sentiment IN (-1, 0, 1)),
      active boolean NOT NULL DEFAULT true,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      updated_by integer,
      updated_by_username text,
      PRIMARY KEY (stack_id, id),
      CHECK (active OR NOT is_default)
    );
    CREATE UNIQUE INDEX reactions_label_idx ON reactions (stack_id, lower(label));
    CREATE UNIQUE INDEX reactions_default_idx ON reactions (stack_id) WHERE is_default;

    ALTER TABLE votes ADD COLUMN reaction_id integer;
    CREATE INDEX votes_reaction_idx ON votes (stack_id, reaction_id) WHERE reaction_id IS NOT NULL;
  `.execute(db);
}
