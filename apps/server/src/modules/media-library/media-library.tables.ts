import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's media library folders (migration 0028). */
export interface MediaFoldersTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  created_at: Timestamp;
  created_by: number | null;
}

/** A community's media library images (migration 0028); `public_key` names the stable address. */
export interface MediaFilesTable {
  stack_id: number;
  id: Generated<number>;
  folder_id: number | null;
  public_key: string;
  name: string;
  alt: Generated<string>;
  hash: string;
  extension: string;
  content_type: string;
  width: number;
  height: number;
  bytes: number;
  created_at: Timestamp;
  updated_at: Timestamp;
  created_by: number | null;
  created_by_username: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    media_folders: MediaFoldersTable;
    media_files: MediaFilesTable;
  }
}
