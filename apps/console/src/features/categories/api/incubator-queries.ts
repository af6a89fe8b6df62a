import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  fetchIncubators,
  fetchIncubatorThreshold,
  incubatorKeys,
  type IncubatorPageQuery,
} from './incubator-api.ts';

/** One page of proposals, filtered by status; the page shown stays while the next loads. */
export function useIncubatorPageQuery(page: IncubatorPageQuery) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: incubatorKeys.list(internalUrl, page),
    queryFn: () => fetchIncubators(page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** The threshold of adhesions and its bounds. */
export function useIncubatorThresholdQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: incubatorKeys.threshold(internalUrl),
    queryFn: fetchIncubatorThreshold,
    enabled: internalUrl !== '',
  });
}
