import { randomBytes } from 'node:crypto';
import {
  ErrorCode,
  ImageErrorCode,
  MEDIA_ALT_MAX,
  MEDIA_FILE_MAX_BYTES,
  MEDIA_FILE_NAME_MAX,
  MEDIA_FOLDER_NAME_MAX,
  MEDIA_LIBRARY_MESSAGES as M,
  MediaLibraryErrorCode,
  type MediaFile,
  type MediaFileList,
  type MediaFolder,
  type MediaFolderList,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';
import * as repo from './media-library.repository.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

interface Stack {
  stackId: number;
  slug: string;
}
interface Author {
  userId: number;
  username: string;
}

/** Where the library keeps a stored file and its variants: its own folder per content hash. */
export const libraryFolder = (stackId: number, hash: string) => `stacks/${stackId}/library/${hash}`;
const THUMBNAIL = 'w480.webp';
const KEY = /^[0-9a-f]{32}$/;

const folderNotFound = () => AppError.notFound(M.folderNotFound);
const fileNotFound = () => AppError.notFound(M.fileNotFound);

function cleanFolderName(name: string): string {
  const clean = name.trim();
  if (clean === '' || clean.length > MEDIA_FOLDER_NAME_MAX) {
    throw AppError.of(400, ErrorCode.invalid, M.folderName, 'name');
  }
  return clean;
}

function cleanFileName(name: string): string {
  const clean = name.trim();
  if (clean === '' || clean.length > MEDIA_FILE_NAME_MAX) {
    throw AppError.of(400, ErrorCode.invalid, M.fileName, 'name');
  }
  return clean;
}

function cleanAlt(alt: string): string {
  const clean = alt.trim();
  if (clean.length > MEDIA_ALT_MAX) throw AppError.of(400, ErrorCode.maxLength, M.alt, 'alt');
  return clean;
}

/** A name from the uploaded file when none is given: the stored format's extension on a plain word. */
const defaultName = (extension: string) => `image.${extension}`;

/** The media library of a community (issue 13 §4): folders, images, their stable public addresses. */
export function createMediaLibraryService(deps: PlatformDeps & { storage?: FileStorage }) {
  const { db, clock, config } = deps;
  const storage = deps.storage ?? createFileStorage(config);

  const publicUrl = (slug: string, key: string) => `${internalUrl(config.publicUrl, slug)}/library/${key}`;

  function toFile(slug: string, row: repo.MediaFileRow): MediaFile {
    const url = publicUrl(slug, row.public_key);
    return {
      id: row.id,
      name: row.name,
      alt: row.alt,
      folder_id: row.folder_id,
      custom_file: url,
      // The hash makes a replaced file's thumbnail a new address, so no cache shows the old one.
      thumbnail: `${url}/thumbnail.webp?v=${row.hash.slice(0, 8)}`,
      content_type: row.content_type,
      width: row.width,
      height: row.height,
      bytes: row.bytes,
      created_at: row.created_at.toISOString(),
      lastmod_datetime: row.updated_at.toISOString(),
      created_by:
        row.created_by !== null ? { id: row.created_by, username: row.created_by_username ?? '' } : null,
    };
  }

  async function existingFolder(stackId: number, id: number | null | undefined): Promise<number | null> {
    if (id === null || id === undefined) return null;
    if (!(await repo.findFolder(db, stackId, id))) {
      throw AppError.of(400, ErrorCode.invalid, M.folderNotFound, 'folder');
    }
    return id;
  }

  /** The upload, checked for size here and for content by the theme's pipeline, stored in the library. */
  async function store(stack: Stack, file: unknown) {
    if (!Buffer.isBuffer(file) || file.length === 0) {
      throw AppError.of(400, ImageErrorCode.required, M.fileRequired, 'file');
    }
    if (file.length > MEDIA_FILE_MAX_BYTES) {
      throw AppError.of(400, ImageErrorCode.tooLarge, M.fileTooLarge, 'file');
    }
    try {
      const { image } = await storeCheckedImage({ config, storage }, stack, file, 'cover', (hash) =>
        libraryFolder(stack.stackId, hash),
      );
      return image;
    } catch (error) {
      if (error instanceof AppError)
        throw AppError.of(400, ImageErrorCode.invalidFormat, M.fileFormat, 'file');
      throw error;
    }
  }

  /** Removes a stored file once no image of the community uses it any more. */
  async function dropIfUnused(stackId: number, hash: string): Promise<void> {
    if (!(await repo.hashInUse(db, stackId, hash))) await storage.delete(libraryFolder(stackId, hash));
  }

  async function folder(stackId: number, id: number): Promise<MediaFolder> {
    const row = (await repo.listFolders(db, stackId)).find((f) => f.id === id);
    if (!row) throw folderNotFound();
    return { id: row.id, name: row.name, files: row.files, created_at: row.created_at.toISOString() };
  }

  async function file(stack: Stack, id: number): Promise<MediaFile> {
    const row = await repo.findFile(db, stack.stackId, id);
    if (!row) throw fileNotFound();
    return toFile(stack.slug, row);
  }

  async function uniqueFolderName(stackId: number, name: string, exceptId: number | null) {
    if (await repo.folderNameTaken(db, stackId, name, exceptId)) {
      throw AppError.of(400, ErrorCode.unique, M.folderUnique, 'name');
    }
  }
  const duplicateName = (error: unknown) => {
    if (isUniqueViolation(error)) throw AppError.of(400, ErrorCode.unique, M.folderUnique, 'name');
    throw error;
  };

  return {
    async folders(stack: Stack): Promise<MediaFolderList> {
      const rows = await repo.listFolders(db, stack.stackId);
      return {
        top_files: await repo.countFiles(db, stack.stackId, null),
        results: rows.map((r) => ({
          id: r.id,
          name: r.name,
          files: r.files,
          created_at: r.created_at.toISOString(),
        })),
      };
    },

    async addFolder(stack: Stack, by: Author, body: { name: string }): Promise<MediaFolder> {
      const name = cleanFolderName(body.name);
      await uniqueFolderName(stack.stackId, name, null);
      const id = await repo
        .insertFolder(db, { stack_id: stack.stackId, name, created_at: clock.now(), created_by: by.userId })
        .catch(duplicateName);
      return folder(stack.stackId, id);
    },

    async renameFolder(stack: Stack, id: number, body: { name: string }): Promise<MediaFolder> {
      if (!(await repo.findFolder(db, stack.stackId, id))) throw folderNotFound();
      const name = cleanFolderName(body.name);
      await uniqueFolderName(stack.stackId, name, id);
      await repo.renameFolder(db, stack.stackId, id, name).catch(duplicateName);
      return folder(stack.stackId, id);
    },

    /** Refused (409) while the folder holds images, unless they move to the top of the library. */
    async deleteFolder(stack: Stack, id: number, moveFiles: boolean): Promise<{ moved: number }> {
      if (!(await repo.findFolder(db, stack.stackId, id))) throw folderNotFound();
      const files = await repo.countFiles(db, stack.stackId, id);
      if (files > 0 && !moveFiles) {
        throw AppError.of(409, MediaLibraryErrorCode.folderNotEmpty, M.folderNotEmpty(files), 'move_files');
      }
      await repo.deleteFolder(db, stack.stackId, id, moveFiles);
      return { moved: files };
    },

    async files(
      stack: Stack,
      query: {
        folder?: number | undefined;
        search?: string | undefined;
        limit?: number | undefined;
        offset: number;
      },
    ): Promise<MediaFileList> {
      const folderId = query.folder ?? null;
      if (folderId !== null && !(await repo.findFolder(db, stack.stackId, folderId))) throw folderNotFound();
      const { count, rows } = await repo.pageOfFiles(
        db,
        stack.stackId,
        { folderId, search: query.search?.trim() },
        query.limit ?? 24,
        query.offset,
      );
      return { count, results: rows.map((r) => toFile(stack.slug, r)) };
    },

    async addFile(
      stack: Stack,
      by: Author,
      body: {
        file?: unknown;
        name?: string | undefined;
        alt?: string | undefined;
        folder?: number | null | undefined;
      },
    ): Promise<MediaFile> {
      const name = body.name !== undefined && body.name.trim() !== '' ? cleanFileName(body.name) : undefined;
      const alt = cleanAlt(body.alt ?? '');
      const folderId = await existingFolder(stack.stackId, body.folder);
      const image = await store(stack, body.file);
      const at = clock.now();
      const values = {
        stack_id: stack.stackId,
        folder_id: folderId,
        public_key: randomBytes(16).toString('hex'),
        name: name ?? defaultName(image.extension),
        alt,
        hash: image.hash,
        extension: image.extension,
        content_type: image.contentType,
        width: image.width,
        height: image.height,
        bytes: image.original.length,
        created_at: at,
        updated_at: at,
        created_by: by.userId,
        created_by_username: by.username,
      };
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertFile(trx, values);
        // SelfCommunity's `custom_file.created` carries the Custom File object.
        const data = toFile(stack.slug, (await repo.findFile(trx, stack.stackId, created))!);
        await recordEvent(trx, { stackId: stack.stackId, type: 'custom_file.created', data, at });
        return created;
      });
      return file(stack, id);
    },

    /** Rename, alt text, move, or a new file served at the same stable address (the old file removed). */
    async updateFile(
      stack: Stack,
      id: number,
      body: {
        file?: unknown;
        name?: string | undefined;
        alt?: string | undefined;
        folder?: number | null | undefined;
      },
    ): Promise<MediaFile> {
      const row = await repo.findFile(db, stack.stackId, id);
      if (!row) throw fileNotFound();
      const changes: Parameters<typeof repo.updateFile>[3] = { updated_at: clock.now() };
      if (body.name !== undefined) changes.name = cleanFileName(body.name);
      if (body.alt !== undefined) changes.alt = cleanAlt(body.alt);
      if (body.folder !== undefined) changes.folder_id = await existingFolder(stack.stackId, body.folder);
      const replaced = body.file !== undefined && body.file !== '';
      if (replaced) {
        const image = await store(stack, body.file);
        Object.assign(changes, {
          hash: image.hash,
          extension: image.extension,
          content_type: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.original.length,
        });
      }
      await repo.updateFile(db, stack.stackId, id, changes);
      if (replaced && changes.hash !== row.hash) await dropIfUnused(stack.stackId, row.hash);
      return file(stack, id);
    },

    /** Deletes the image and its stored file (unless another image of the library has the same one). */
    async deleteFile(stack: Stack, id: number): Promise<{ id: number }> {
      const row = await repo.findFile(db, stack.stackId, id);
      if (!row) throw fileNotFound();
      await db.transaction().execute(async (trx) => {
        await repo.deleteFileRow(trx, stack.stackId, id);
        const data = { id, custom_file: toFile(stack.slug, row).custom_file };
        await recordEvent(trx, {
          stackId: stack.stackId,
          type: 'custom_file.deleted',
          data,
          at: clock.now(),
        });
      });
      await dropIfUnused(stack.stackId, row.hash);
      return { id };
    },

    /** The bytes behind a stable address (the original, or its thumbnail); undefined when unknown. */
    async publicFile(
      slug: string,
      key: string,
      thumbnail: boolean,
    ): Promise<{ bytes: Buffer; contentType: string; hash: string } | undefined> {
      if (!KEY.test(key)) return undefined;
      const stack = await findStackBySlug(db, slug);
      if (!stack) return undefined;
      const row = await repo.findFileByKey(db, stack.id, key);
      if (!row) return undefined;
      const folder = libraryFolder(stack.id, row.hash);
      const bytes = await storage.get(
        thumbnail ? `${folder}/${THUMBNAIL}` : `${folder}/original.${row.extension}`,
      );
      if (!bytes) return undefined;
      return { bytes, contentType: thumbnail ? 'image/webp' : row.content_type, hash: row.hash };
    },
  };
}

export type MediaLibraryService = ReturnType<typeof createMediaLibraryService>;
