import {
  oauthAppListSchema,
  oauthAppPaths,
  oauthAppSchema,
  oauthAppWithSecretSchema,
  type OAuthApp,
  type OAuthAppList,
  type OAuthAppWithSecret,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const OAUTH_APPS_PAGE_SIZE = 20;

/** Query keys of the community's OAuth 2.0 apps, per community (internal_url). */
export const oauthAppKeys = {
  all: ['integrations', 'oauth-apps'] as const,
  list: (internalUrl: string) => [...oauthAppKeys.all, internalUrl] as const,
  page: (internalUrl: string, offset: number) => [...oauthAppKeys.list(internalUrl), offset] as const,
};

/** What the wizard and the edit dialog send. */
export interface OAuthAppChange {
  name: string;
  description: string;
  image: string;
  grant_types: string[];
  redirect_uris: string;
  /** Only at creation. */
  client_type?: 'public' | 'confidential';
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

export async function fetchOAuthApps(offset: number): Promise<OAuthAppList> {
  return oauthAppListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: `${oauthAppPaths.list}?limit=${OAUTH_APPS_PAGE_SIZE}&offset=${offset}`,
    }),
  );
}

async function createOAuthApp(change: OAuthAppChange): Promise<OAuthAppWithSecret> {
  return oauthAppWithSecretSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: oauthAppPaths.add,
      json: true,
      body: { ...change },
    }),
  );
}

async function updateOAuthApp(id: number, change: OAuthAppChange): Promise<OAuthApp> {
  return oauthAppSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: withId(oauthAppPaths.update, id),
      json: true,
      body: { ...change },
    }),
  );
}

async function rotateOAuthAppSecret(id: number): Promise<OAuthAppWithSecret> {
  return oauthAppWithSecretSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(oauthAppPaths.rotateSecret, id) }),
  );
}

async function deleteOAuthApp(id: number): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(oauthAppPaths.delete, id) });
}

export function useOAuthAppsQuery(offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: oauthAppKeys.page(internalUrl, offset),
    queryFn: () => fetchOAuthApps(offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

function useInvalidateApps() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return () => void client.invalidateQueries({ queryKey: oauthAppKeys.list(internalUrl) });
}

/** Registers an app; the answer holds the secret, shown this once (never cached). */
export function useCreateOAuthAppMutation(
  callbacks: MutationCallbacks<OAuthAppWithSecret, OAuthAppChange> = {},
) {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: createOAuthApp,
    onSuccess: (saved, change) => {
      invalidate();
      callbacks.onSuccess?.(saved, change);
    },
    onError: callbacks.onError,
  });
}

export interface OAuthAppUpdate {
  id: number;
  change: OAuthAppChange;
}

export function useUpdateOAuthAppMutation(callbacks: MutationCallbacks<OAuthApp, OAuthAppUpdate> = {}) {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: ({ id, change }: OAuthAppUpdate) => updateOAuthApp(id, change),
    onSuccess: (saved, update) => {
      invalidate();
      callbacks.onSuccess?.(saved, update);
    },
    onError: callbacks.onError,
  });
}

export function useRotateOAuthAppSecretMutation(
  callbacks: MutationCallbacks<OAuthAppWithSecret, number> = {},
) {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: rotateOAuthAppSecret,
    onSuccess: (saved, id) => {
      invalidate();
      callbacks.onSuccess?.(saved, id);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteOAuthAppMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const invalidate = useInvalidateApps();
  return useMutation({
    mutationFn: deleteOAuthApp,
    onSuccess: (_, id) => {
      invalidate();
      callbacks.onSuccess?.(undefined, id);
    },
    onError: callbacks.onError,
  });
}
