import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  IMAGE_CONTENT_TYPES,
  IMAGE_EXTENSIONS,
  IMAGE_VARIANTS,
  sniffImageFormat,
  type ImageFormat,
  type ImageKind,
  type ImageVariantSpec,
} from '@agora/contract';

/** Largest picture decoded (pixels): a small file that unpacks into a huge bitmap is refused. */
const MAX_INPUT_PIXELS = 50_000_000;

export interface ProcessedVariant {
  name: string;
  bytes: Buffer;
  width: number;
  height: number;
}

export interface ProcessedImage {
  /** Content address: the first 32 hex digits of the stored (re-encoded) original's SHA-256. */
  hash: string;
  format: ImageFormat;
  contentType: string;
  extension: string;
  width: number;
  height: number;
  /** The upload decoded and encoded again in its own format: pixels only, no metadata or extra bytes. */
  original: Buffer;
  variants: ProcessedVariant[];
}

/** Thrown for bytes that are not a PNG, JPEG, GIF or WebP picture sharp can read. */
export class InvalidImageError extends Error {
  constructor() {
    super('Invalid image format');
    this.name = 'InvalidImageError';
  }
}

function variantPipeline(bytes: Buffer, spec: ImageVariantSpec, kind: ImageKind) {
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).rotate();
  if (kind === 'square') return image.resize({ width: spec.width, height: spec.height, fit: 'cover' });
  return image.resize({
    ...(spec.width ? { width: spec.width } : {}),
    ...(spec.height ? { height: spec.height } : {}),
    fit: 'inside',
    withoutEnlargement: true,
  });
}

/**
 * The picture alone, encoded again in its own format: decoding keeps only the pixels (and the frames of
 * an animation), so whatever else the file carried — text chunks, EXIF/XMP, a comment, bytes after
 * the end marker, an HTML or script payload of a polyglot — is not written back. EXIF orientation is
 * applied first, since the tag that carried it is dropped.
 */
export async function reencode(bytes: Buffer, format: ImageFormat): Promise<Buffer> {
  const animated = format === 'gif' || format === 'webp';
  const image = sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, animated });
  switch (format) {
    case 'png':
      return image.rotate().png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    case 'jpeg':
      return image.rotate().jpeg({ quality: 90, mozjpeg: true }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
    case 'webp':
      return image.webp({ quality: 90 }).toBuffer();
  }
}

/**
 * Checks an upload by its content (magic bytes, then a full decode) and makes its variants as WebP:
 * covers 480/600/960/1280 px wide, logos 60/120 px high, squares 50/150/300 px. SVG and anything
 * else is refused. Only re-encoded pictures are stored and served, the original included (`reencode`).
 */
export async function processImage(bytes: Buffer, kind: ImageKind): Promise<ProcessedImage> {
  const format = sniffImageFormat(bytes);
  if (!format) throw new InvalidImageError();
  let width: number;
  let height: number;
  try {
    const metadata = await sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (metadata.format !== format || !metadata.width || !metadata.height) throw new InvalidImageError();
    const turned = (metadata.orientation ?? 1) >= 5;
    width = turned ? metadata.height : metadata.width;
    height = turned ? metadata.width : metadata.height;
  } catch {
    throw new InvalidImageError();
  }
  const variants: ProcessedVariant[] = [];
  let original: Buffer;
  try {
    original = await reencode(bytes, format);
    for (const spec of IMAGE_VARIANTS[kind]) {
      const { data, info } = await variantPipeline(bytes, spec, kind)
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true });
      variants.push({ name: spec.name, bytes: data, width: info.width, height: info.height });
    }
  } catch {
    // Truncated or corrupt pixel data passes the header read but not the decode.
    throw new InvalidImageError();
  }
  return {
    hash: createHash('sha256').update(original).digest('hex').slice(0, 32),
    format,
    contentType: IMAGE_CONTENT_TYPES[format],
    extension: IMAGE_EXTENSIONS[format],
    width,
    height,
    original,
    variants,
  };
}
