import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Polls attached to a contribution (member API: a post or a discussion created with a `poll`). The
// contribution keeps its own type; `contributions.multiple_choices` says whether a member may pick
// several choices, and poll_votes (0006) keeps each vote with the chosen choice's text.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE polls (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      contribution_id bigint NOT NULL,
      title text NOT NULL DEFAULT '',
      expiration_at timestamptz,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, contribution_id),
      FOREIGN KEY (stack_id, contribution_id) REFERENCES contributions (stack_id, id) ON DELETE CASCADE
    );

    CREATE TABLE poll_choices (
      stack_id integer NOT NULL,
      id bigserial NOT NULL UNIQUE,
      contribution_id bigint NOT NULL,
      position integer NOT NULL,
      choice text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      UNIQUE (stack_id, contribution_id, choice),
      FOREIGN KEY (stack_id, contribution_id) REFERENCES polls (stack_id, contribution_id) ON DELETE CASCADE
    );
    CREATE INDEX poll_votes_contribution_idx ON poll_votes (stack_id, contribution_id);
  `.execute(db);
}
