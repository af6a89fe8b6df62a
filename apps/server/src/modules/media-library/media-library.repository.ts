import { sql, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import type { MediaFilesTable } from './media-library.tables.ts';
import './media-library.tables.ts';

// The media library's own SQL over its two tables.

export type MediaFileRow = Selectable<MediaFilesTable>;

export interface MediaFolderRow {
  id: number;
  name: string;
  created_at: Date;
  files: number;
}

export async function listFolders(db: Db, stackId: number): Promise<MediaFolderRow[]> {
  return db
    .selectFrom('media_folders as f')
    .select(['f.id', 'f.name', 'f.created_at'])
    .select((eb) =>
      eb
        .selectFrom('media_files as m')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('m.stack_id', '=', 'f.stack_id')
        .whereRef('m.folder_id', '=', 'f.id')
        .as('files'),
    )
    .where('f.stack_id', '=', stackId)
    .orderBy(sql`lower(f.name)`)
    .orderBy('f.id')
    .execute() as Promise<MediaFolderRow[]>;
}

export async function countFiles(db: Db, stackId: number, folderId: number | null): Promise<number> {
  const row = await db
    .selectFrom('media_files')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('stack_id', '=', stackId)
    .where('folder_id', folderId === null ? 'is' : '=', folderId)
    .executeTakeFirstOrThrow();
  return row.n;
}

export async function findFolder(
  db: Db,
  stackId: number,
  id: number,
): Promise<{ id: number; name: string } | undefined> {
  return db
    .selectFrom('media_folders')
    .select(['id', 'name'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Another folder of the community with this name (case-insensitive). */
export async function folderNameTaken(
  db: Db,
  stackId: number,
  name: string,
  exceptId: number | null,
): Promise<boolean> {
  let q = db
    .selectFrom('media_folders')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql`lower(name)`, '=', name.toLowerCase());
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insertFolder(
  db: Db,
  row: { stack_id: number; name: string; created_at: Date; created_by: number | null },
): Promise<number> {
  const { id } = await db.insertInto('media_folders').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function renameFolder(db: Db, stackId: number, id: number, name: string): Promise<void> {
  await db
    .updateTable('media_folders')
    .set({ name })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** Deletes a folder, first moving its images to the top of the library when asked (one transaction). */
export async function deleteFolder(db: Db, stackId: number, id: number, moveFiles: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (moveFiles) {
      await trx
        .updateTable('media_files')
        .set({ folder_id: null })
        .where('stack_id', '=', stackId)
        .where('folder_id', '=', id)
        .execute();
    }
    await trx.deleteFrom('media_folders').where('stack_id', '=', stackId).where('id', '=', id).execute();
  });
}

export async function pageOfFiles(
  db: Db,
  stackId: number,
  filter: { folderId: number | null; search?: string | undefined },
  limit: number,
  offset: number,
): Promise<{ count: number; rows: MediaFileRow[] }> {
  let base = db
    .selectFrom('media_files')
    .where('stack_id', '=', stackId)
    .where('folder_id', filter.folderId === null ? 'is' : '=', filter.folderId);
  if (filter.search) {
    base = base.where(sql`lower(name)`, 'like', `%${escapeLike(filter.search.toLowerCase())}%`);
  }
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return { count: total.n, rows };
}

export async function findFile(db: Db, stackId: number, id: number): Promise<MediaFileRow | undefined> {
  return db
    .selectFrom('media_files')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function findFileByKey(
  db: Db,
  stackId: number,
  key: string,
): Promise<Pick<MediaFileRow, 'hash' | 'extension' | 'content_type'> | undefined> {
  return db
    .selectFrom('media_files')
    .select(['hash', 'extension', 'content_type'])
    .where('stack_id', '=', stackId)
    .where('public_key', '=', key)
    .executeTakeFirst();
}

export async function insertFile(db: Db, row: Insertable<MediaFilesTable>): Promise<number> {
  const { id } = await db.insertInto('media_files').values(row).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateFile(
  db: Db,
  stackId: number,
  id: number,
  changes: Updateable<MediaFilesTable>,
): Promise<void> {
  await db
    .updateTable('media_files')
    .set(changes)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

export async function deleteFileRow(db: Db, stackId: number, id: number): Promise<void> {
  await db.deleteFrom('media_files').where('stack_id', '=', stackId).where('id', '=', id).execute();
}

/** Whether any image of the community still uses this stored file. */
export async function hashInUse(db: Db, stackId: number, hash: string): Promise<boolean> {
  const row = await db
    .selectFrom('media_files')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('hash', '=', hash)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
