import { sql, type Kysely } from 'kysely';

// Immutable once on main: add a new migration instead of editing this one.
// Media library (issue 13 §4, spec mgmt §7 custom files): a community's folders (one level) and its
// images. `public_key` names an image's stable public address (`/c/{slug}/library/{public_key}`),
// which keeps serving the current file after a rename, a move or a replacement; `hash` and
// `extension` name the stored (content-checked, re-encoded) file. An image sits in a folder or at the
// top of the library (folder_id null); a folder that holds images cannot be deleted (no orphans).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE media_folders (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
      created_at timestamptz NOT NULL,
      created_by integer,
      PRIMARY KEY (stack_id, id)
    );
    CREATE UNIQUE INDEX media_folders_name_idx ON media_folders (stack_id, lower(name));

    CREATE TABLE media_files (
      stack_id integer NOT NULL REFERENCES stacks (id) ON DELETE CASCADE,
      id serial NOT NULL,
      folder_id integer,
      public_key text NOT NULL UNIQUE CHECK (public_key ~ '^[0-9a-f]{32}$'),
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 200),
      alt text NOT NULL DEFAULT '' CHECK (length(alt) <= 300),
      hash text NOT NULL CHECK (hash ~ '^[0-9a-f]{32}$'),
      extension text NOT NULL CHECK (extension IN ('png', 'jpg', 'gif', 'webp')),
      content_type text NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      bytes integer NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      created_by integer,
      created_by_username text,
      PRIMARY KEY (stack_id, id),
      FOREIGN KEY (stack_id, folder_id) REFERENCES media_folders (stack_id, id)
    );
    CREATE INDEX media_files_folder_idx ON media_files (stack_id, folder_id, created_at DESC, id DESC);
    CREATE INDEX media_files_hash_idx ON media_files (stack_id, hash);
  `.execute(db);
}
