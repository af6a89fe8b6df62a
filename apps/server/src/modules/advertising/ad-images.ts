import { AD_IMAGE_MAX_BYTES, ADVERTISING_MESSAGES as M, ImageErrorCode } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';

/**
 * Ad images live in the advertising area's own folder, content-addressed (the same bytes share one
 * folder), checked by content through the theme's pipeline (decoded and encoded again: a renamed file
 * or a polyglot is refused), and served by a public route.
 */
export const adImageFolder = (stackId: number, hash: string) => `stacks/${stackId}/advertising/${hash}`;
const AD_FILE = /^original\.(png|jpg|gif|webp)$/;
const HASH = /^[0-9a-f]{32}$/;
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
};

/** Checks and stores an uploaded ad image (at most 1 MB); its public address. */
export async function storeAdImage(
  deps: { config: PlatformDeps['config']; storage: FileStorage },
  stack: { stackId: number; slug: string },
  file: Buffer,
): Promise<string> {
  if (file.length > AD_IMAGE_MAX_BYTES) {
    throw AppError.of(400, ImageErrorCode.tooLarge, M.imageTooLarge, 'image');
  }
  try {
    const { image } = await storeCheckedImage(deps, stack, file, 'cover', (hash) =>
      adImageFolder(stack.stackId, hash),
    );
    return `${internalUrl(deps.config.publicUrl, stack.slug)}/advertising/images/${image.hash}/original.${image.extension}`;
  } catch (error) {
    if (error instanceof AppError) throw AppError.of(400, ImageErrorCode.invalidFormat, M.image, 'image');
    throw error;
  }
}

/** The folder of a stored ad image's address, or undefined when the address is not one. */
export function adImageFolderOf(stackId: number, address: string): string | undefined {
  const match = /\/advertising\/images\/([0-9a-f]{32})\/original\.[a-z]+$/.exec(address);
  return match ? adImageFolder(stackId, match[1] as string) : undefined;
}

/** A stored ad image's bytes and type, or undefined. */
export async function readAdImage(
  storage: FileStorage,
  stackId: number,
  hash: string,
  file: string,
): Promise<{ bytes: Buffer; contentType: string } | undefined> {
  const match = AD_FILE.exec(file);
  if (!HASH.test(hash) || !match) return undefined;
  const bytes = await storage.get(`${adImageFolder(stackId, hash)}/${file}`);
  return bytes ? { bytes, contentType: TYPES[match[1] as string] as string } : undefined;
}
