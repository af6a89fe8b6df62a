import { appRequestSchema, appSettingsPath, type AppPlatform, type AppRequest } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
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
