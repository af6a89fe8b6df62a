import {
  AppSettingsErrorCode,
  appRequestSchema,
  appSettingsPath,
  type AppPlatform,
  type AppRequest,
} from '@agora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import { isHttpError } from '../../../core/http/http-error.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** Query keys of the app settings area, per community (internal_url) and platform. */
export const appSettingsKeys = {
  all: ['app-settings'] as const,
  request: (internalUrl: string, platform: AppPlatform) =>
    [...appSettingsKeys.all, 'request', internalUrl, platform] as const,
};

export async function fetchAppRequest(platform: AppPlatform): Promise<AppRequest> {
  return appRequestSchema.parse(await apiData<unknown>({ target: 'stack', path: appSettingsPath(platform) }));
}

/** Sends (again) the request for a store app with the store accounts. */
export async function sendAppRequest(
  platform: AppPlatform,
  account: Record<string, string>,
): Promise<AppRequest> {
  return appRequestSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: appSettingsPath(platform),
      body: account,
    }),
  );
}

export function useAppRequest(platform: AppPlatform) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: appSettingsKeys.request(internalUrl, platform),
    queryFn: () => fetchAppRequest(platform),
    enabled: internalUrl !== '',
  });
}

/**
 * Sends the request for one store. The answer is the request as it now stands, put in the cache;
 * when the request had moved on meanwhile (invalid transition) it is asked for again.
 */
export function useSendAppRequestMutation(
  platform: AppPlatform,
  callbacks: MutationCallbacks<AppRequest, Record<string, string>> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (account: Record<string, string>) => sendAppRequest(platform, account),
    onSuccess: (saved, account) => {
      client.setQueryData(appSettingsKeys.request(internalUrl, platform), saved);
      callbacks.onSuccess?.(saved, account);
    },
    onError: (error, account) => {
      callbacks.onError?.(error, account);
      if (isHttpError(error) && error.parsed.codes.includes(AppSettingsErrorCode.invalidTransition)) {
        void client.invalidateQueries({ queryKey: appSettingsKeys.request(internalUrl, platform) });
      }
    },
  });
}
