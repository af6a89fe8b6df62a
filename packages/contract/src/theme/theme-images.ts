import { COVER_WIDTHS } from './image-variants.ts';
import { z } from 'zod';
import {
  preferenceDefinition,
  PREFERENCE_CATALOGUE,
  type PreferenceDefinition,
} from '../dynamic-preferences/preference-catalogue.ts';
import {
  dynamicPreferencePaths,
  dynamicPreferenceSchema,
} from '../dynamic-preferences/preference-schemas.ts';

/** The image messages of spec core §5, word for word. */
export const IMAGE_MESSAGES = {
  invalidFormat: 'Invalid image format',
  required: 'You need to upload an image',
  /** 'Invalid image. Maximum size: {size} MB.' */
  tooLarge: (size: number) => `Invalid image. Maximum size: ${size} MB.`,
} as const;

/** Error codes of an image upload (the envelope's `code`, field `file`). */
export const ImageErrorCode = {
  required: 'required',
  invalidFormat: 'invalid_image_format',
  tooLarge: 'image_too_large',
  notAnImage: 'not_an_image',
} as const;

/** Raster formats accepted, recognised by their first bytes (never by name or declared type). SVG is refused. */
export const IMAGE_FORMATS = ['png', 'jpeg', 'gif', 'webp'] as const;
export type ImageFormat = (typeof IMAGE_FORMATS)[number];

export const IMAGE_CONTENT_TYPES: Record<ImageFormat, string> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};
export const IMAGE_EXTENSIONS: Record<ImageFormat, string> = {
  png: 'png',
  jpeg: 'jpg',
  gif: 'gif',
  webp: 'webp',
};

/** How many leading bytes `sniffImageFormat` needs. */
export const IMAGE_SNIFF_BYTES = 12;

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0) =>
  bytes.length >= at + signature.length && signature.every((byte, i) => bytes[at + i] === byte);

/** The image format from its magic bytes: PNG, JPEG, GIF (87a/89a) or WebP (RIFF….WEBP); null otherwise. */
export function sniffImageFormat(bytes: Uint8Array): ImageFormat | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) &&
    (bytes[4] === 0x37 || bytes[4] === 0x39) &&
    bytes[5] === 0x61
  )
    return 'gif';
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return null;
}

/**
 * What variants an image preference gets: covers are served responsively at the spec's breakpoints
 * (core §9: 480/600/960/1280 px wide), logos and icons bounded by height, avatars as squares.
 */
export type ImageKind = 'cover' | 'logo' | 'square';

export interface ImageVariantSpec {
  /** File name without extension: w480, h60, s150… */
  name: string;
  width?: number;
  height?: number;
}

export const LOGO_HEIGHTS = [60, 120] as const;
export const SQUARE_SIZES = [50, 150, 300] as const;

export const IMAGE_VARIANTS: Record<ImageKind, readonly ImageVariantSpec[]> = {
  cover: COVER_WIDTHS.map((width) => ({ name: `w${width}`, width })),
  logo: LOGO_HEIGHTS.map((height) => ({ name: `h${height}`, height })),
  square: SQUARE_SIZES.map((size) => ({ name: `s${size}`, width: size, height: size })),
};

const SQUARE_IMAGES = new Set(['user_default_avatar', 'app_icon', 'staff_badge_icon']);
const LOGO_IMAGES = new Set(['custom_navbar_item_image']);

export function imageKindOf(definition: Pick<PreferenceDefinition, 'name' | 'section'>): ImageKind {
  if (SQUARE_IMAGES.has(definition.name)) return 'square';
  if (definition.section === 'logo' || LOGO_IMAGES.has(definition.name)) return 'logo';
  return 'cover';
}

/** The image preferences of the catalogue. */
export const IMAGE_PREFERENCES = PREFERENCE_CATALOGUE.filter((definition) => definition.type === 'image');

/** The image preference named so, or undefined (unknown, or not an image). */
export function imagePreference(name: string): PreferenceDefinition | undefined {
  const definition = preferenceDefinition(name);
  return definition?.type === 'image' ? definition : undefined;
}

/** Largest upload for an image preference, in MB (catalogue's maxMb: 2 for logos and icons, 5 for covers). */
export function imageMaxMb(definition: Pick<PreferenceDefinition, 'maxMb'>): number {
  return definition.maxMb ?? 2;
}

export const MB = 1024 * 1024;

export const imageVariantSchema = z.object({
  name: z.string(),
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
});

export const storedImageSchema = z.object({
  url: z.string().describe('Address of the original; also the preference value'),
  content_type: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  bytes: z.number().int(),
  variants: z.array(imageVariantSchema),
  srcset: z.string().describe('Responsive variants (covers at 480/600/960/1280 px); empty for other kinds'),
});
export type StoredImage = z.infer<typeof storedImageSchema>;

/** `upload_image/`: the preference as now stored, and the stored image (null after a removal). */
export const uploadImageResultSchema = z.object({
  preference: dynamicPreferenceSchema,
  image: storedImageSchema.nullable(),
});
export type UploadImageResult = z.infer<typeof uploadImageResultSchema>;

/** `upload_image/` fields (multipart): `name`, the file field `file`, or `remove=true` to clear the image. */
export const uploadImageBodySchema = z.object({
  name: z.string().min(1).max(100).describe('An image preference of the catalogue'),
  file: z
    .any()
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'The image (PNG, JPEG, GIF, WebP)' }),
  remove: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .describe('true: clear the image instead of uploading one'),
});

/** A binary answer (an image's bytes), for the OpenAPI document. */
export const binaryImageSchema = z.any().meta({ type: 'string', format: 'binary' });

export const themePaths = {
  uploadImage: '/platform/api/v1/dynamic_preference/upload_image/',
  getRawImage: dynamicPreferencePaths.getRawImage,
} as const;

/** Public path (relative to a community's internal url) of a stored file. */
export const MEDIA_PATH = '/media';

export { COVER_WIDTHS, coverSrcSet, imageVariantUrl, mediaParts } from './image-variants.ts';
