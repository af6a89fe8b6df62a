import type { TagType } from '@agora/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  fetchAddressing,
  fetchTagObjects,
  fetchTags,
  TAGGING_PAGE_SIZE,
  taggingKeys,
  type PageQuery,
} from './tagging-api.ts';

/**
 * One page of the tags of a type, searched on the server; the page shown stays while the next loads,
 * so the pager and the search field do not flash a spinner.
 */
export function useTagPageQuery(type: TagType, search: string, offset: number, limit = TAGGING_PAGE_SIZE) {
  const internalUrl = useInternalUrl();
  const page: PageQuery = { search: search.trim(), offset, limit };
  return useQuery({
    queryKey: taggingKeys.page(internalUrl, type, page),
    queryFn: () => fetchTags(type, page),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

export function useTagAddressingQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: taggingKeys.addressing(internalUrl),
    queryFn: fetchAddressing,
    enabled: internalUrl !== '',
  });
}

/**
 * One page of the elements of a tag's type (alphabetical) with whether each carries it, searched on
 * the server (none until a tag is chosen).
 */
export function useTagObjectsQuery(tagId: number | null, search: string, offset: number) {
  const internalUrl = useInternalUrl();
  const page: PageQuery = { search: search.trim(), offset, limit: TAGGING_PAGE_SIZE };
  return useQuery({
    queryKey: taggingKeys.objects(internalUrl, tagId ?? 0, page),
    queryFn: () => fetchTagObjects(tagId ?? 0, page),
    enabled: internalUrl !== '' && tagId !== null,
    // Another page of the same tag stays shown while the next loads; another tag's marks never do.
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[3] === (tagId ?? 0) ? previous : undefined,
  });
}

/**
 * The elements carrying a tag, in their order, at most `limit` of them (with their count): the
 * contents to order, or just how many carry it.
 */
export function useAssignedObjectsQuery(tagId: number | null, limit: number) {
  const internalUrl = useInternalUrl();
  const page = { search: '', offset: 0, limit, assigned: true };
  return useQuery({
    queryKey: taggingKeys.objects(internalUrl, tagId ?? 0, page),
    queryFn: () => fetchTagObjects(tagId ?? 0, page),
    enabled: internalUrl !== '' && tagId !== null,
  });
}
