import { analyticsPaths } from '@agora/contract';
import { create } from 'zustand';
import { apiRequest } from '../http/api-client.ts';
import { HttpError } from '../http/http-error.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { readStoredJson, writeStoredJson } from '../tab-sync/local-storage-json.ts';

/** Community user sign-in: empty payload, the answer carries data.data.data_provisioning_token (core §7). */
export const COMMUNITY_SIGNIN_PATH = analyticsPaths.communitySignin;

export const DATA_PROVISIONING_TOKEN_KEY = 'agora:data-provisioning-token';

/** The data-provisioning token of each community (the Stack's data_provisioning_token), by internal_url. */
export interface AnalyticsTokenState {
  tokens: Record<string, string>;
}

function initialTokens(): AnalyticsTokenState {
  const stored = readStoredJson(DATA_PROVISIONING_TOKEN_KEY);
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return { tokens: {} };
  const tokens: Record<string, string> = {};
  for (const [url, token] of Object.entries(stored as Record<string, unknown>)) {
    if (typeof token === 'string' && token) tokens[url] = token;
  }
  return { tokens };
}

export const useAnalyticsTokenStore = create<AnalyticsTokenState>()(() => initialTokens());

useAnalyticsTokenStore.subscribe((state, previous) => {
  if (state.tokens !== previous.tokens) writeStoredJson(DATA_PROVISIONING_TOKEN_KEY, state.tokens);
});

/** A token belongs to the signed-in user: signing out (or another user signing in) forgets them all. */
useSessionStore.subscribe((state, previous) => {
  if (!state.isLogged || state.user?.id !== previous.user?.id) {
    if (Object.keys(useAnalyticsTokenStore.getState().tokens).length > 0) clearAnalyticsTokens();
  }
});

export function storedAnalyticsToken(internalUrl: string): string | null {
  return useAnalyticsTokenStore.getState().tokens[internalUrl] ?? null;
}

export function storeAnalyticsToken(internalUrl: string, token: string | null): void {
  useAnalyticsTokenStore.setState((state) => {
    const tokens = { ...state.tokens };
    if (token) tokens[internalUrl] = token;
    else delete tokens[internalUrl];
    return { tokens };
  });
}

export function clearAnalyticsTokens(): void {
  useAnalyticsTokenStore.setState({ tokens: {} });
}

export function selectedInternalUrl(): string {
  const url = useStackStore.getState().selected?.internal_url;
  if (!url) throw new HttpError(0, null, 'No community selected');
  return url;
}

function readToken(answer: unknown): string | null {
  const outer = (
    answer as {
      data?: { data?: { data_provisioning_token?: unknown }; data_provisioning_token?: unknown };
    } | null
  )?.data;
  const token = outer?.data?.data_provisioning_token ?? outer?.data_provisioning_token;
  return typeof token === 'string' && token ? token : null;
}

const pending = new Map<string, Promise<string>>();

/**
 * Signs the console user in to the selected community to get a fresh data-provisioning token and stores
 * it. Concurrent callers share one call.
 */
export function requestAnalyticsToken(internalUrl: string = selectedInternalUrl()): Promise<string> {
  const running = pending.get(internalUrl);
  if (running) return running;
  const call = (async () => {
    const answer = await apiRequest<unknown>({
      target: 'stack',
      method: 'POST',
      path: COMMUNITY_SIGNIN_PATH,
    });
    const token = readToken(answer);
    if (!token) throw new HttpError(0, answer, 'No data provisioning token in the answer');
    storeAnalyticsToken(internalUrl, token);
    return token;
  })();
  pending.set(internalUrl, call);
  void call.then(
    () => pending.delete(internalUrl),
    () => pending.delete(internalUrl),
  );
  return call;
}

/** The stored token of the community, or a new one. */
export async function currentAnalyticsToken(internalUrl: string = selectedInternalUrl()): Promise<string> {
  return storedAnalyticsToken(internalUrl) ?? requestAnalyticsToken(internalUrl);
}
