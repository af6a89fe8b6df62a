import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  broadcastKeys,
  fetchAudienceCount,
  fetchBroadcasts,
  fetchTagChoices,
  fetchUserChoices,
  type BroadcastPageQuery,
} from './broadcast-api.ts';

/** One page of a tab; the page shown stays while the next loads. */
export function useBroadcastPageQuery(page: BroadcastPageQuery) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: broadcastKeys.list(internalUrl, page),
    queryFn: () => fetchBroadcasts(page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** How many members a message reaches (asked when the send confirmation opens). */
export function useAudienceCountQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: broadcastKeys.audience(internalUrl, id ?? 0),
    queryFn: () => fetchAudienceCount(id ?? 0),
    enabled: internalUrl !== '' && id !== null,
    staleTime: 0,
  });
}

export function useTagChoicesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: broadcastKeys.tags(internalUrl),
    queryFn: fetchTagChoices,
    enabled: internalUrl !== '',
  });
}

export function useUserChoicesQuery(search: string) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: broadcastKeys.users(internalUrl, search),
    queryFn: () => fetchUserChoices(search),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}
