import { useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { useEffect, useState } from 'react';
import { categoryKeys, fetchCategories, fetchDeletePreview, lookupCategoryName } from './categories-api.ts';

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

/** Whether a title is already taken (asked once the typing pauses), so the dialog says it before Save. */
export function useCategoryNameQuery(name: string) {
  const internalUrl = useInternalUrl();
  const [settled, setSettled] = useState(name.trim());
  useEffect(() => {
    const timer = setTimeout(() => setSettled(name.trim()), 400);
    return () => clearTimeout(timer);
  }, [name]);
  return useQuery({
    queryKey: categoryKeys.name(internalUrl, settled),
    queryFn: () => lookupCategoryName(settled),
    enabled: internalUrl !== '' && settled !== '',
  });
}
