import {
  ErrorCode,
  IMAGE_MESSAGES,
  IMAGE_PREFERENCES,
  ImageErrorCode,
  MB,
  coverSrcSet,
  imageKindOf,
  imageMaxMb,
  imagePreference,
  imageVariantUrl,
  mediaParts,
  preferenceDefinition,
  type ImageKind,
  type PreferenceDefinition,
  type UploadImageResult,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { InvalidImageError, processImage, reencode, type ProcessedImage } from './image-processing.ts';

/** Largest multipart file the upload route reads (bigger: 413); each preference has its own, smaller limit. */
export const UPLOAD_FILE_LIMIT_BYTES = 10 * MB;

const HASH = /^[0-9a-f]{32}$/;
const FILE = /^(original\.(png|jpg|gif|webp)|[whs]\d{2,4}\.webp)$/;
const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Where a community's stored image files live: one folder per content hash. */
export const mediaFolder = (stackId: number, hash: string) => `stacks/${stackId}/media/${hash}`;

/**
 * Marks a folder whose original was stored re-encoded (issue 10: uploads kept byte for byte before). A
 * folder without it is from before: its original is re-encoded in place on first read.
 */
export const REENCODED_MARK = 'reencoded.v1';
const FORMAT_OF_EXTENSION = { png: 'png', jpg: 'jpeg', gif: 'gif', webp: 'webp' } as const;

export interface MediaFile {
  bytes: Buffer;
  contentType: string;
}

/** A public media file's storage key and type, with its bytes only when they had to be re-encoded. */
export interface StoredMedia {
  key: string;
  contentType: string;
  bytes?: Buffer;
}

function imageDefinitionOrError(name: string): PreferenceDefinition {
  const definition = imagePreference(name);
  if (definition) return definition;
  if (preferenceDefinition(name)) {
    throw AppError.of(400, ImageErrorCode.notAnImage, `The preference "${name}" is not an image.`, 'name');
  }
  throw AppError.of(400, ErrorCode.invalid, `Unknown preference "${name}".`, 'name');
}

/**
 * The content-checked image pipeline (PNG, JPEG, GIF, WebP recognised by their bytes, re-encoded,
 * variants of `kind` made beside the original) storing into the community's media folder; answers the
 * public address of the original. Other areas (categories) upload their images through it; one that
 * owns and deletes its files itself (the media library) names its own `folderOf` instead.
 */
export async function storeCheckedImage(
  deps: { config: PlatformDeps['config']; storage: FileStorage },
  stack: { stackId: number; slug: string },
  file: Buffer,
  kind: ImageKind,
  folderOf: (hash: string) => string = (hash) => mediaFolder(stack.stackId, hash),
): Promise<{ image: ProcessedImage; url: string }> {
  let image: ProcessedImage;
  try {
    image = await processImage(file, kind);
  } catch (error) {
    if (error instanceof InvalidImageError) {
      throw AppError.of(400, ImageErrorCode.invalidFormat, IMAGE_MESSAGES.invalidFormat, 'file');
    }
    throw error;
  }
  const folder = folderOf(image.hash);
  for (const variant of image.variants) {
    await deps.storage.put(`${folder}/${variant.name}.webp`, variant.bytes);
  }
  await deps.storage.put(`${folder}/${REENCODED_MARK}`, Buffer.alloc(0));
  // The original last: a folder with its original is complete.
  await deps.storage.put(`${folder}/original.${image.extension}`, image.original);
  const url = `${internalUrl(deps.config.publicUrl, stack.slug)}/media/${image.hash}/original.${image.extension}`;
  return { image, url };
}

/** Whether something outside the theme (a category's image) still shows a stored image. */
export type MediaInUseElsewhere = (stackId: number, hash: string) => Promise<boolean>;

/** Uploaded images of a community's dynamic preferences (spec core §3 logo, images, covers; §5 messages). */
export function createThemeService(
  deps: PlatformDeps & { storage: FileStorage; mediaInUseElsewhere?: MediaInUseElsewhere },
) {
  const { db, config, storage } = deps;
  const preferences = createDynamicPreferencesService(deps);

  /**
   * Removes an image's files once no image preference of the community points at them any more, and
   * nothing else does (the same bytes uploaded as a category's image share the files).
   */
  async function dropIfUnused(stackId: number, previous: unknown): Promise<void> {
    const parts = typeof previous === 'string' ? mediaParts(previous) : null;
    if (!parts) return;
    const all = await preferences.list(
      stackId,
      IMAGE_PREFERENCES.map((definition) => definition.name),
    );
    const inUse = all.some((p) => typeof p.value === 'string' && mediaParts(p.value)?.hash === parts.hash);
    if (inUse || (await deps.mediaInUseElsewhere?.(stackId, parts.hash))) return;
    await storage.delete(mediaFolder(stackId, parts.hash));
  }

  /**
   * A stored original, only ever re-encoded: one stored before re-encoding existed is re-encoded (and
   * written back) on first read; one that no longer decodes is not served at all.
   */
  async function storedOriginal(
    stackId: number,
    hash: string,
    extension: string,
  ): Promise<Buffer | undefined> {
    const folder = mediaFolder(stackId, hash);
    const bytes = await storage.get(`${folder}/original.${extension}`);
    if (!bytes || (await storage.exists(`${folder}/${REENCODED_MARK}`))) return bytes;
    const format = FORMAT_OF_EXTENSION[extension as keyof typeof FORMAT_OF_EXTENSION];
    if (!format) return undefined;
    let clean: Buffer;
    try {
      clean = await reencode(bytes, format);
    } catch {
      return undefined;
    }
    await storage.put(`${folder}/original.${extension}`, clean);
    await storage.put(`${folder}/${REENCODED_MARK}`, Buffer.alloc(0));
    return clean;
  }

  return {
    async upload(
      stack: { stackId: number; slug: string },
      name: string,
      file: unknown,
      accountId: number | null,
    ): Promise<UploadImageResult> {
      const definition = imageDefinitionOrError(name);
      if (!Buffer.isBuffer(file) || file.length === 0) {
        throw AppError.of(400, ImageErrorCode.required, IMAGE_MESSAGES.required, 'file');
      }
      const maxMb = imageMaxMb(definition);
      if (file.length > maxMb * MB) {
        throw AppError.of(400, ImageErrorCode.tooLarge, IMAGE_MESSAGES.tooLarge(maxMb), 'file');
      }
      const kind = imageKindOf(definition);
      const { image, url } = await storeCheckedImage({ config, storage }, stack, file, kind);
      const previous = (await preferences.get(stack.stackId, definition.name)).value;
      const preference = await preferences.setSystemValue(stack.stackId, definition.name, url, accountId);
      if (previous !== url) await dropIfUnused(stack.stackId, previous);
      return {
        preference,
        image: {
          url,
          content_type: image.contentType,
          width: image.width,
          height: image.height,
          bytes: image.original.length,
          variants: image.variants.map((v) => ({
            name: v.name,
            url: imageVariantUrl(url, v.name),
            width: v.width,
            height: v.height,
          })),
          srcset: kind === 'cover' ? coverSrcSet(url) : '',
        },
      };
    },

    /** Clears an image preference and deletes its files when nothing else uses them. */
    async remove(stackId: number, name: string, accountId: number | null): Promise<UploadImageResult> {
      const definition = imageDefinitionOrError(name);
      const previous = (await preferences.get(stackId, definition.name)).value;
      const preference = await preferences.setSystemValue(stackId, definition.name, '', accountId);
      await dropIfUnused(stackId, previous);
      return { preference, image: null };
    },

    /** The original bytes of a preference's image; 404 when it has none (or not one stored here). */
    async rawImage(stackId: number, name: string): Promise<MediaFile & { fileName: string }> {
      const definition = imageDefinitionOrError(name);
      const value = (await preferences.get(stackId, definition.name)).value;
      const parts = typeof value === 'string' ? mediaParts(value) : null;
      const bytes = parts ? await storedOriginal(stackId, parts.hash, parts.extension) : undefined;
      if (!parts || !bytes) throw AppError.notFound('This image is not set.');
      return {
        bytes,
        contentType: CONTENT_TYPES[parts.extension] ?? 'application/octet-stream',
        fileName: `${definition.name}.${parts.extension}`,
      };
    },

    /**
     * Where a public media file is stored, by the address parts; undefined for anything unknown. An
     * original stored before re-encoding existed is re-encoded (and written back) first: its bytes come
     * with the answer then, else the caller streams the key (or sends a CDN to it).
     */
    async media(slug: string, hash: string, file: string): Promise<StoredMedia | undefined> {
      if (!HASH.test(hash) || !FILE.test(file)) return undefined;
      const stackId = (await findStackBySlug(db, slug))?.id;
      if (stackId === undefined) return undefined;
      const folder = mediaFolder(stackId, hash);
      const extension = file.slice(file.lastIndexOf('.') + 1);
      const found = {
        key: `${folder}/${file}`,
        contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      };
      if (!file.startsWith('original.') || (await storage.exists(`${folder}/${REENCODED_MARK}`)))
        return found;
      const bytes = await storedOriginal(stackId, hash, extension);
      return bytes ? { ...found, bytes } : undefined;
    },
  };
}

export type ThemeService = ReturnType<typeof createThemeService>;
