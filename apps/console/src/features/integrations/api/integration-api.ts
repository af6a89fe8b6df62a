import {
  dynamicPreferencePaths,
  jwtSecretSchema,
  memberApiClientSchema,
  memberAuthPaths,
  type FeatureName,
} from '@agora/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';

/** A tag manager container id: GTM- and letters or digits (e.g. GTM-AB12CD3). */
export const TAG_MANAGER_ID = /^GTM-[A-Z0-9]{4,12}$/;

export function isTagManagerId(value: string): boolean {
  return value === '' || TAG_MANAGER_ID.test(value);
}

/** Rotates the community's JWT signing key; the answer is the only time the key is shown. */
export async function refreshJwtSecret() {
  return jwtSecretSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: dynamicPreferencePaths.refreshJwtSecret,
    }),
  );
}

export const integrationKeys = {
  all: ['integrations'] as const,
};

export type IntegrationFeature = Extract<FeatureName, 'google_cloud_api' | 'social_share'>;

/** The community's public client id for its members and the member API's addresses. */
export async function fetchMemberApiClient() {
  return memberApiClientSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'GET', path: memberAuthPaths.client }),
  );
}

/** The member client of the selected community (by its id). */
export function useMemberApiClientQuery() {
  const stackId = useStackStore((s) => s.selected?.id);
  return useQuery({
    queryKey: [...integrationKeys.all, 'member-client', stackId],
    queryFn: fetchMemberApiClient,
  });
}

/** Rotates the JWT key; nothing cached holds the key, so the screen shows the answer itself. */
export function useRefreshJwtSecretMutation(
  callbacks: MutationCallbacks<Awaited<ReturnType<typeof refreshJwtSecret>>, void> = {},
) {
  return useMutation({
    mutationFn: refreshJwtSecret,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
