import type { Query, ResultSet } from '@cubejs-client/core';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { loadAnalytics } from './analytics-client.ts';
import { useInternalUrl } from '../stack/use-internal-url.ts';

/** Query keys of analytics loads, per community (internal_url) and query. */
export const analyticsKeys = {
  all: ['analytics'] as const,
  community: (internalUrl: string) => [...analyticsKeys.all, internalUrl] as const,
  load: (internalUrl: string, query: Query | Query[]) =>
    [...analyticsKeys.community(internalUrl), 'load', JSON.stringify(query)] as const,
};

export interface UseAnalyticsQueryOptions {
  enabled?: boolean;
  /** How long an answer stays fresh (default 60 s). */
  staleTime?: number;
}

/**
 * A Cube query of the selected community through TanStack Query. loadAnalytics already retries
 * (token refresh, growing delay), so the query itself does not; its error is an
 * AnalyticsUnavailableError for <AnalyticsError>.
 */
export function useAnalyticsQuery(
  query: Query | Query[] | null,
  options: UseAnalyticsQueryOptions = {},
): UseQueryResult<ResultSet> {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.load(internalUrl, query ?? []),
    queryFn: ({ signal }) => loadAnalytics(query ?? [], { internalUrl, signal }),
    enabled: internalUrl !== '' && query !== null && (options.enabled ?? true),
    retry: false,
    staleTime: options.staleTime ?? 60_000,
    refetchOnWindowFocus: false,
  });
}

/** Loads every analytics query again (an <AnalyticsError>'s retry): the failed ones and the others. */
export function useRetryAnalyticsQueries(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: analyticsKeys.all });
}
