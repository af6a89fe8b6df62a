import type { SiteSetting } from '../app/site-context.tsx';
import { refreshSession } from '../session/site-auth.ts';
import type { SiteSession } from '../session/site-session.ts';
import { apiErrorOf } from '../site-api/site-fetch.ts';

/** Largest image the server takes (SelfCommunity's `media/` here: 5 MB). */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** What the server accepts, checked again there by content. */
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** SelfCommunity's Media object of an uploaded image (the fields the site uses). */
export interface ImageMedia {
  id: number;
  type: 'image';
  title: string;
  url: string;
  image: string;
  image_width: number;
  image_height: number;
}

/**
 * Uploads an image as the member (`POST media/`, multipart `type=image`, the file as `image`, its
 * alternative text as `title`); a refused token is refreshed once, as every member call is.
 */
export async function uploadImage(site: SiteSetting, file: File, title: string): Promise<ImageMedia> {
  const send = (session: SiteSession | null) => {
    const form = new FormData();
    form.set('type', 'image');
    form.set('title', title);
    form.set('image', file, file.name);
    return fetch(`${site.base}/api/v2/media/`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        ...(session ? { authorization: `Bearer ${session.access}` } : {}),
      },
      body: form,
    });
  };
  let answer = await send(site.sessions.get());
  if (answer.status === 401 && site.sessions.get()) {
    answer = await send(await refreshSession(site.base, site.clientId, site.sessions));
  }
  const body: unknown = await answer.json().catch(() => null);
  if (!answer.ok) throw apiErrorOf(answer.status, body);
  return body as ImageMedia;
}
