import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Members' images (issue 18 §2, SelfCommunity's `POST /media/ {type: "image"}`): a member uploads an
// image (checked and re-encoded like every upload, stored content-addressed in the community's media
// folder) and attaches it to the contribution they publish (`medias: [ids]`). Media ids come from the
// share media's sequence (migration 0038): the `medias` of a contribution name share and image media
// alike, so the two never have the same id. `url` is the image's public address, as the theme's images keep theirs. A media not yet attached has no contribution.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE member_media (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id bigint NOT NULL DEFAULT nextval('shares_id_seq'),
      user_id integer NOT NULL,
      contribution_id bigint,
      position integer NOT NULL DEFAULT 0,
      title text NOT NULL DEFAULT '' CHECK (length(title) <= 300),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{32}$'),
      extension text NOT NULL CHECK (extension IN ('png', 'jpg', 'gif', 'webp')),
      content_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      bytes integer NOT NULL,
      url text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, user_id) REFERENCES community_users (stack_id, id) ON DELETE CASCADE,
      FOREIGN KEY (stack_id, contribution_id) REFERENCES contributions (stack_id, id) ON DELETE CASCADE
    );
    CREATE INDEX member_media_contribution_idx ON member_media (stack_id, contribution_id, position)
      WHERE contribution_id IS NOT NULL;
  `.execute(db);
}
