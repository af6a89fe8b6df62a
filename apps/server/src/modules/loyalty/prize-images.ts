import { ImageErrorCode, LOYALTY_MESSAGES as M, PRIZE_IMAGE_MAX_BYTES } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';

/**
 * Prize images live in the loyalty program's own folder (not the theme's media folder, whose files
 * the theme deletes once no theme image uses them), content-addressed, served by a public route.
 */
export const prizeFolder = (stackId: number, hash: string) => `stacks/${stackId}/loyalty/${hash}`;
export const PRIZE_FILE = /^original\.(png|jpg|gif|webp)$/;
const HASH = /^[0-9a-f]{32}$/;
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Checks and stores an uploaded prize image through the theme's content-checked pipeline; its address. */
export async function storePrizeImage(
  deps: { config: PlatformDeps['config']; storage: FileStorage },
  stack: { stackId: number; slug: string },
  file: unknown,
): Promise<string> {
  if (!Buffer.isBuffer(file) || file.length === 0) {
    throw AppError.of(400, ImageErrorCode.required, M.imageRequired, 'image');
  }
  if (file.length > PRIZE_IMAGE_MAX_BYTES) {
    throw AppError.of(400, ImageErrorCode.tooLarge, M.imageTooLarge, 'image');
  }
  try {
    const { image } = await storeCheckedImage(deps, stack, file, 'cover', (hash) =>
      prizeFolder(stack.stackId, hash),
    );
    return `${internalUrl(deps.config.publicUrl, stack.slug)}/loyalty/images/${image.hash}/original.${image.extension}`;
  } catch (error) {
    if (error instanceof AppError) throw AppError.of(400, ImageErrorCode.invalidFormat, M.image, 'image');
    throw error;
  }
}

/** A stored prize image's bytes and type, or undefined. */
export async function readPrizeImage(
  storage: FileStorage,
  stackId: number,
  hash: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const match = PRIZE_FILE.exec(file);
  if (!HASH.test(hash) || !match) return undefined;
  const bytes = await storage.get(`${prizeFolder(stackId, hash)}/${file}`);
  return bytes ? { bytes, contentType: TYPES[match[1] as string] as string } : undefined;
}
