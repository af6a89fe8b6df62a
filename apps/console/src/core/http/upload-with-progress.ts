import { useLocaleStore } from '../locale/locale-store.ts';
import { currentAccessToken } from '../session/token-refresh.ts';
import { communityPath } from '../stack/community-path.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { HttpError } from './http-error.ts';

/**
 * Posts a multipart form to the selected community's API with upload progress (fetch cannot report
 * it): the same bearer token, language and error envelope as every other call. Answers the envelope's
 * `data` (the caller parses it with its schema); a status of 300 or more rejects with an HttpError.
 */
export async function uploadWithProgress(
  path: string,
  form: FormData,
  onProgress?: (percent: number) => void,
): Promise<unknown> {
  const internalUrl = useStackStore.getState().selected?.internal_url;
  if (!internalUrl) throw new HttpError(0, null, 'No community selected');
  const token = await currentAccessToken();
  if (!token) throw new HttpError(401, null);
  const answer = await new Promise<unknown>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${communityPath(internalUrl)}${path}`);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('Accept', 'application/json');
    request.setRequestHeader('Accept-Language', useLocaleStore.getState().locale);
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let payload: unknown = null;
      try {
        payload = request.responseText ? (JSON.parse(request.responseText) as unknown) : null;
      } catch {
        payload = request.responseText;
      }
      if (request.status >= 300) reject(new HttpError(request.status, payload));
      else resolve(payload);
    };
    request.onerror = () => reject(new HttpError(0, null, 'Network error'));
    request.send(form);
  });
  return (answer as { data?: unknown } | null)?.data;
}
