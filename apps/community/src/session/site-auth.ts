import { apiErrorOf } from '../site-api/site-fetch.ts';
import type { SessionStore, SiteSession } from './site-session.ts';

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
}

/** Why a sign-in was refused, as the page words it. */
export type SignInRefusal = 'credentials' | 'throttled' | 'unavailable';

export class SignInError extends Error {
  constructor(readonly reason: SignInRefusal) {
    super(reason);
    this.name = 'SignInError';
  }
}

async function tokenCall(base: string, fields: Record<string, string>): Promise<Response> {
  return fetch(`${base}/oauth/token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
    body: new URLSearchParams(fields).toString(),
  });
}

/** Signs a member in with their username (or email) and password, through the community's token endpoint. */
export async function signIn(
  base: string,
  clientId: string,
  store: SessionStore,
  username: string,
  password: string,
): Promise<SiteSession> {
  let answer: Response;
  try {
    answer = await tokenCall(base, { grant_type: 'password', client_id: clientId, username, password });
  } catch {
    throw new SignInError('unavailable');
  }
  if (answer.status === 429) throw new SignInError('throttled');
  if (answer.status === 400 || answer.status === 401) throw new SignInError('credentials');
  if (!answer.ok) throw new SignInError('unavailable');
  const token = (await answer.json()) as TokenAnswer;
  const session = { access: token.access_token, refresh: token.refresh_token };
  store.set(session);
  return session;
}

/** Trades the refresh token for new tokens; a refused refresh ends the session. */
export async function refreshSession(
  base: string,
  clientId: string,
  store: SessionStore,
): Promise<SiteSession | null> {
  const current = store.get();
  if (!current) return null;
  const answer = await tokenCall(base, {
    grant_type: 'refresh_token',
    client_id: clientId,
    refresh_token: current.refresh,
  });
  if (!answer.ok) {
    store.set(null);
    return null;
  }
  const token = (await answer.json()) as TokenAnswer;
  const session = { access: token.access_token, refresh: token.refresh_token };
  store.set(session);
  return session;
}

/** Signs out: the tokens are revoked on the server, then forgotten here. */
export async function signOut(base: string, clientId: string, store: SessionStore): Promise<void> {
  const current = store.get();
  store.set(null);
  if (!current) return;
  await fetch(`${base}/oauth/revoke_token/`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token: current.refresh, client_id: clientId }).toString(),
  }).catch(() => undefined);
}

/**
 * A member-API call with the member's token: on 401 the session is refreshed once and the call
 * repeated. Answers the body, or throws the API's refusal.
 */
export function authorisedCaller(apiBase: string, base: string, clientId: string, store: SessionStore) {
  return async (path: string, init: { method?: string; body?: unknown } = {}): Promise<unknown> => {
    const send = (session: SiteSession | null) =>
      fetch(`${apiBase}/${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...(session ? { authorization: `Bearer ${session.access}` } : {}),
        },
        ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
      });
    let answer = await send(store.get());
    if (answer.status === 401 && store.get())
      answer = await send(await refreshSession(base, clientId, store));
    const body: unknown = answer.status === 204 ? null : await answer.json().catch(() => null);
    if (!answer.ok) throw apiErrorOf(answer.status, body);
    return body;
  };
}
