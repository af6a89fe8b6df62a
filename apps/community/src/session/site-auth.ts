import { apiErrorOf } from '../site-api/site-fetch.ts';
import type { SessionStore, SiteSession } from './site-session.ts';

interface TokenAnswer {
  access_token: string;
  refresh_token: string;
}

/** Why a sign-in was refused, as the page words it. */
export type SignInRefusal = 'credentials' | 'throttled' | 'unavailable' | 'pending' | 'blocked';

export class SignInError extends Error {
  constructor(
    readonly reason: SignInRefusal,
    /** For 'blocked': until when (an ISO date), or null for no end. */
    readonly until: string | null = null,
  ) {
    super(reason);
    this.name = 'SignInError';
  }
}

/** The end of a ban named in the server's refusal ('… blocked until 2026-12-01T10:00:00.000Z.'). */
function banEnd(message: string): string | null {
  return /\d{4}-\d{2}-\d{2}T[\d:.]+Z/.exec(message)?.[0] ?? null;
}

/**
 * A member's standing refusal, if the answer is one: the token endpoint's `invalid_grant` carries
 * `account_blocked` or `account_pending` in its error envelope.
 */
async function standingRefusal(answer: Response): Promise<SignInError | undefined> {
  if (answer.ok) return undefined;
  const refusal = apiErrorOf(answer.status, await answer.json().catch(() => null));
  if (refusal.code === 'account_blocked') return new SignInError('blocked', banEnd(refusal.message));
  if (refusal.code === 'account_pending') return new SignInError('pending');
  return undefined;
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
  const standing = await standingRefusal(answer);
  if (standing) throw standing;
  if (answer.status === 400 || answer.status === 401) throw new SignInError('credentials');
  if (!answer.ok) throw new SignInError('unavailable');
  const token = (await answer.json()) as TokenAnswer;
  const session = { access: token.access_token, refresh: token.refresh_token };
  store.set(session);
  return session;
}

/**
 * Signs a member in with a single sign-on token from the owner's own app (a JWT signed with the
 * community's key), through the member API's `sso/token/`.
 */
export async function signInWithSso(base: string, store: SessionStore, jwt: string): Promise<SiteSession> {
  let answer: Response;
  try {
    answer = await fetch(`${base}/api/v2/sso/token/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ token: jwt }),
    });
  } catch {
    throw new SignInError('unavailable');
  }
  if (answer.status === 429) throw new SignInError('throttled');
  const standing = await standingRefusal(answer);
  if (standing) throw standing;
  if (answer.status >= 400 && answer.status < 500) throw new SignInError('credentials');
  if (!answer.ok) throw new SignInError('unavailable');
  const { token } = (await answer.json()) as { token: TokenAnswer };
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
    const standing = await standingRefusal(answer);
    store.set(null);
    // A member banned meanwhile is told until when, and reads as a visitor.
    if (standing?.reason === 'blocked') store.setBlocked({ until: standing.until });
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
