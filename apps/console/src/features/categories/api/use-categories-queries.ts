import { useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { categoryKeys, fetchCategories, fetchDeletePreview } from './categories-api.ts';

/** Every category of the community, in its manual order. */
export function useCategoriesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: categoryKeys.list(internalUrl),
    queryFn: fetchCategories,
    enabled: internalUrl !== '',
  });
}

/** What deleting `id` would do (its contents to move); asked afresh each time the question opens. */
export function useDeletePreviewQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: categoryKeys.deletePreview(internalUrl, id ?? 0),
    queryFn: () => fetchDeletePreview(id ?? 0),
    enabled: internalUrl !== '' && id !== null,
    staleTime: 0,
    gcTime: 0,
  });
}
