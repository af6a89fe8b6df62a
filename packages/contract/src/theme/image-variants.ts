/**
 * Where a stored image's responsive variants are, in plain functions with no imports, so the member
 * site's bundle can use them without the rest of the contract.
 */

/** Covers are served responsively at the spec's breakpoints (core §9: 480/600/960/1280 px wide). */
export const COVER_WIDTHS = [480, 600, 960, 1280] as const;

/**
 * A stored image's address is `{internal_url}/media/{hash}/original.{ext}`; its variants sit beside
 * it as `{variant}.webp`. Null when the address is not one of ours.
 */
const MEDIA_ADDRESS = /\/media\/([0-9a-f]{32})\/original\.(png|jpg|gif|webp)$/;

export function mediaParts(url: string): { hash: string; extension: string } | null {
  const match = MEDIA_ADDRESS.exec(url);
  return match ? { hash: match[1] as string, extension: match[2] as string } : null;
}

/** The address of one variant of a stored image (the original's address when not ours). */
export function imageVariantUrl(originalUrl: string, variant: string): string {
  if (!mediaParts(originalUrl)) return originalUrl;
  return originalUrl.replace(/original\.(png|jpg|gif|webp)$/, `${variant}.webp`);
}

/** `srcset` of a cover: its variants at 480/600/960/1280 px (empty for an address that is not ours). */
export function coverSrcSet(originalUrl: string): string {
  if (!mediaParts(originalUrl)) return '';
  return COVER_WIDTHS.map((width) => `${imageVariantUrl(originalUrl, `w${width}`)} ${width}w`).join(', ');
}
