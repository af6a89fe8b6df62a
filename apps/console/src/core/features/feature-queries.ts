import { featurePaths, isFeatureEnabled, type FeatureName } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '../http/api-client.ts';
import { useInternalUrl } from '../stack/use-internal-url.ts';

/** How often an open console asks for flag changes (also refetched when the window regains focus). */
export const FEATURES_REFRESH_MS = 15_000;

export const featureKeys = {
  all: ['features'] as const,
  enabled: (internalUrl: string) => [...featureKeys.all, 'enabled', internalUrl] as const,
};

export async function fetchEnabledFeatures(): Promise<string[]> {
  return z
    .array(z.string())
    .parse(await apiData<unknown>({ target: 'stack', path: featurePaths.listEnabled }));
}

/**
 * The selected community's enabled flags, kept fresh so that a change made by a hub administrator
 * reaches an open console without a reload. Undefined until known.
 */
export function useEnabledFeatures(): string[] | undefined {
  const internalUrl = useInternalUrl();
  const query = useQuery({
    queryKey: featureKeys.enabled(internalUrl ?? ''),
    queryFn: fetchEnabledFeatures,
    enabled: Boolean(internalUrl),
    refetchInterval: FEATURES_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  return query.data;
}

/** Whether one flag is on in the selected community (false while unknown). */
export function useFeature(name: FeatureName): boolean {
  const enabled = useEnabledFeatures();
  return enabled ? isFeatureEnabled(enabled, name) : false;
}
