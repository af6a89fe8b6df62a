import { createHash } from 'node:crypto';
import sharp from 'sharp';
import {
  ImageErrorCode,
  REACTION_IMAGE_MAX_BYTES,
  REACTION_MESSAGES,
  sniffImageFormat,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { InvalidSvgError, looksLikeSvg, sanitiseSvg } from '../../platform/content/svg-sanitiser.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { internalUrl } from '../stacks/stacks.service.ts';
import { storeCheckedImage } from '../theme/theme.service.ts';

export const SVG_FILE = /^[0-9a-f]{32}\.svg$/;
export const reactionImageKey = (stackId: number, file: string) => `stacks/${stackId}/reactions/${file}`;

const invalid = () => AppError.of(400, ImageErrorCode.invalidFormat, REACTION_MESSAGES.image, 'image');

/**
 * Stores an SVG after the platform's sanitiser rewrote it (and librsvg could read the result), under
 * its content hash; answers its public address.
 */
export async function storeSvg(
  deps: { config: PlatformDeps['config']; storage: FileStorage },
  stack: { stackId: number; slug: string },
  text: string,
): Promise<string> {
  let clean: Buffer;
  try {
    clean = Buffer.from(sanitiseSvg(text), 'utf8');
  } catch (error) {
    if (error instanceof InvalidSvgError) throw invalid();
    throw error;
  }
  try {
    const metadata = await sharp(clean).metadata();
    if (metadata.format !== 'svg') throw invalid();
  } catch {
    throw invalid();
  }
  const file = `${createHash('sha256').update(clean).digest('hex').slice(0, 32)}.svg`;
  await deps.storage.put(reactionImageKey(stack.stackId, file), clean);
  return `${internalUrl(deps.config.publicUrl, stack.slug)}/reactions/images/${file}`;
}

/**
 * A reaction's image by its content (spec mgmt §5: SVG, PNG or JPG): an SVG is sanitised, a PNG or JPG
 * goes through the theme's content-checked pipeline (decoded and encoded again); anything else — GIF,
 * WebP, a renamed file — is refused. Answers the public address of the stored file.
 */
export async function storeReactionImage(
  deps: { config: PlatformDeps['config']; storage: FileStorage },
  stack: { stackId: number; slug: string },
  file: unknown,
): Promise<string> {
  if (!Buffer.isBuffer(file) || file.length === 0) {
    throw AppError.of(400, ImageErrorCode.required, REACTION_MESSAGES.imageRequired, 'image');
  }
  if (file.length > REACTION_IMAGE_MAX_BYTES) {
    throw AppError.of(400, ImageErrorCode.tooLarge, REACTION_MESSAGES.imageTooLarge, 'image');
  }
  if (looksLikeSvg(file)) return storeSvg(deps, stack, file.toString('utf8'));
  const format = sniffImageFormat(file);
  if (format !== 'png' && format !== 'jpeg') throw invalid();
  try {
    return (await storeCheckedImage(deps, stack, file, 'square')).url;
  } catch (error) {
    if (error instanceof AppError) throw invalid();
    throw error;
  }
}
