import { useCallback } from 'react';
import { useInternalUrl } from './use-internal-url.ts';

/**
 * A community's own file (logo, cover, category or reaction image) as this console can load it.
 *
 * The server names its files with absolute URLs built from `PUBLIC_URL` (the member API and emails need
 * them so), but the console may be opened at another address of the same server (issue 12 §1), where
 * its Content-Security-Policy allows images from its own origin only. A URL on the community's
 * public origin becomes the same path on this origin; any other URL (an outside image, a `blob:` or
 * `data:` preview) is left as it is.
 */
export function mediaUrlOnThisOrigin(url: string, internalUrl: string): string {
  if (!internalUrl) return url;
  try {
    const file = new URL(url);
    if (!/^https?:$/.test(file.protocol) || file.origin !== new URL(internalUrl).origin) return url;
    return `${file.pathname}${file.search}${file.hash}`;
  } catch {
    return url;
  }
}

/** `mediaUrlOnThisOrigin` for the selected community. */
export function useMediaUrl(): (url: string) => string {
  const internalUrl = useInternalUrl();
  return useCallback((url: string) => mediaUrlOnThisOrigin(url, internalUrl), [internalUrl]);
}
