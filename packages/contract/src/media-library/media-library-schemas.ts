import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Media library (spec mgmt §7 "custom files: folders, items, add, edit image, delete"; issue 13 §4):
 * images used in pages and emails, uploaded through the theme's content-checked pipeline, kept in
 * folders (one level; an image outside every folder sits at the top of the library), each served at a
 * stable public address that survives renaming, moving and replacing the file (ADR 0020).
 */

export const MEDIA_FOLDER_NAME_MAX = 100;
export const MEDIA_FILE_NAME_MAX = 200;
export const MEDIA_ALT_MAX = 300;
/** Largest image of the library: 5 MB (like the theme's covers). */
export const MEDIA_FILE_MAX_MB = 5;
export const MEDIA_FILE_MAX_BYTES = MEDIA_FILE_MAX_MB * 1024 * 1024;
export const MEDIA_PAGE_SIZE_MAX = 100;

export const MediaLibraryErrorCode = {
  /** A folder that still holds images is deleted without saying to move them. */
  folderNotEmpty: 'media_folder_not_empty',
} as const;

export const MEDIA_LIBRARY_MESSAGES = {
  folderName: `Insert a folder name (1 to ${MEDIA_FOLDER_NAME_MAX} characters).`,
  folderUnique: 'Another folder already has this name.',
  folderNotFound: 'This folder is not found.',
  folderNotEmpty: (n: number) =>
    `This folder holds ${n} image${n === 1 ? '' : 's'}: move them to the top of the library or delete them first.`,
  fileName: `Insert a name (1 to ${MEDIA_FILE_NAME_MAX} characters).`,
  alt: `The alternative text can be at most ${MEDIA_ALT_MAX} characters.`,
  fileRequired: 'Choose an image to upload.',
  fileTooLarge: `The image must be at most ${MEDIA_FILE_MAX_MB} MB.`,
  fileFormat: 'Upload a PNG, JPEG, GIF or WebP image.',
  fileNotFound: 'This image is not found.',
} as const;

/** A folder with the number of images it holds. */
export const mediaFolderSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  files: z.number().int(),
  created_at: z.string(),
});
export type MediaFolder = z.infer<typeof mediaFolderSchema>;

export const mediaFolderListSchema = z.object({
  /** Images outside every folder (the top of the library). */
  top_files: z.number().int(),
  results: z.array(mediaFolderSchema),
});
export type MediaFolderList = z.infer<typeof mediaFolderListSchema>;

/** An image of the library; `custom_file` is SelfCommunity's name for its stable address. */
export const mediaFileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  alt: z.string(),
  folder_id: z.number().int().nullable(),
  custom_file: z.string().describe('Stable public address: the same after a rename, a move or a new file'),
  thumbnail: z.string().describe('A small WebP of the current file (480 px wide at most)'),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  created_at: z.string(),
  lastmod_datetime: z.string(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type MediaFile = z.infer<typeof mediaFileSchema>;

export const mediaFileListSchema = z.object({ count: z.number().int(), results: z.array(mediaFileSchema) });
export type MediaFileList = z.infer<typeof mediaFileListSchema>;

/** `folder`: a folder id, or absent for the top of the library. */
export const mediaFileQuerySchema = z.object({
  folder: rowIdSchema.optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(MEDIA_PAGE_SIZE_MAX).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type MediaFileQuery = z.input<typeof mediaFileQuerySchema>;

export const mediaFolderBodySchema = z.object({ name: z.string().max(1000) });

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/** Deleting a folder: refused while it holds images, unless they are to move to the top of the library. */
export const mediaFolderDeleteBodySchema = z
  .object({ move_files: booleanField.optional() })
  .nullable()
  .optional();

/** A folder id as a form field: digits, or '' for the top of the library. */
const folderField = z.union([z.null(), z.literal('').transform(() => null), rowIdSchema]);
const fileField = z
  .any()
  .optional()
  .meta({
    type: 'string',
    format: 'binary',
    description: `The image (PNG, JPEG, GIF or WebP, at most ${MEDIA_FILE_MAX_MB} MB)`,
  });

/** Adding an image (multipart): the file, and optionally its name (else the file's), alt text and folder. */
export const mediaFileAddBodySchema = z.object({
  file: fileField,
  name: z.string().max(1000).optional(),
  alt: z.string().max(1000).optional(),
  folder: folderField.optional(),
});

/** Editing an image: rename, alt text, move ('' = top), or a new file at the same address. */
export const mediaFileUpdateBodySchema = z.object({
  file: fileField,
  name: z.string().max(1000).optional(),
  alt: z.string().max(1000).optional(),
  folder: folderField.optional(),
});

export const mediaIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

export const mediaLibraryPaths = {
  /** Console, relative to a stack's internal_url. */
  folders: '/platform/api/v1/media_library/folders/',
  folderAdd: '/platform/api/v1/media_library/folders/add/',
  folderUpdate: '/platform/api/v1/media_library/folders/:id/update/',
  folderDelete: '/platform/api/v1/media_library/folders/:id/delete/',
  files: '/platform/api/v1/media_library/files/',
  fileAdd: '/platform/api/v1/media_library/files/add/',
  fileUpdate: '/platform/api/v1/media_library/files/:id/update/',
  fileDelete: '/platform/api/v1/media_library/files/:id/delete/',
  /** Public, relative to a stack's internal_url: the stable address and its thumbnail. */
  publicFile: '/library/:key',
  publicThumbnail: '/library/:key/thumbnail.webp',
} as const;
