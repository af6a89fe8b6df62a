import { useLocaleStore } from '../locale/locale-store.ts';
import { currentAccessToken } from '../session/token-refresh.ts';
import { communityPath } from '../stack/community-path.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { HttpError } from './http-error.ts';
import { sendRequest, type HttpRequest } from './http-request.ts';
import { reportUnauthorized } from './unauthorized-event.ts';

/** Omit over each member of a union, so a request keeps its body's kind (form or JSON). */
type OmitEach<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

export type ApiRequest = OmitEach<HttpRequest, 'accessToken' | 'acceptLanguage' | 'baseUrl'> & {
  /** 'hub' (the default) or 'stack' (the selected community's internal_url); both on the page's origin. */
  target?: 'hub' | 'stack';
  /** Send the bearer token (default true). */
  auth?: boolean;
};

/** A call to the hub or the selected stack with the session's token and the current language. */
export async function apiRequest<T = unknown>(request: ApiRequest): Promise<T> {
  const { target = 'hub', auth = true, ...rest } = request;
  let baseUrl: string | undefined;
  if (target === 'stack') {
    const internalUrl = useStackStore.getState().selected?.internal_url;
    if (!internalUrl) throw new HttpError(0, null, 'No community selected');
    baseUrl = communityPath(internalUrl);
  }
  const accessToken = auth ? await currentAccessToken() : null;
  if (auth && !accessToken) throw new HttpError(401, null);
  try {
    return await sendRequest<T>({
      ...rest,
      ...(baseUrl ? { baseUrl } : {}),
      accessToken,
      acceptLanguage: useLocaleStore.getState().locale,
    });
  } catch (error) {
    if (auth && error instanceof HttpError && error.status === 401) reportUnauthorized();
    throw error;
  }
}

/** Reads `data` from a `{"data": …}` answer. */
export async function apiData<T>(request: ApiRequest): Promise<T> {
  const answer = await apiRequest<{ data: T }>(request);
  return answer.data;
}
