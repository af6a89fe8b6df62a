import type { TagType } from '@agora/contract';
import { useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { fetchAddressing, fetchTagObjects, fetchTags, taggingKeys } from './tagging-api.ts';

export function useTagsQuery(type: TagType) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: taggingKeys.list(internalUrl, type),
    queryFn: () => fetchTags(type),
    enabled: internalUrl !== '',
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

/** The objects of one tag's type with whether each carries it (none until a tag is chosen). */
export function useTagObjectsQuery(tagId: number | '', search: string) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: taggingKeys.objects(internalUrl, Number(tagId), search.trim()),
    queryFn: () => fetchTagObjects(Number(tagId), search.trim()),
    enabled: internalUrl !== '' && tagId !== '',
  });
}
