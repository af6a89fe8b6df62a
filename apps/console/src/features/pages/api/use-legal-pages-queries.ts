import { useQuery } from '@tanstack/react-query';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { fetchLegalPage, fetchLegalPages, pagesKeys } from './legal-pages-api.ts';

/** The community's legal pages, each with its current version and accepted-by count. */
export function useLegalPagesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: pagesKeys.legalList(internalUrl),
    queryFn: fetchLegalPages,
    enabled: internalUrl !== '',
  });
}

/** One legal page with every version, newest (current) first. */
export function useLegalPageQuery(id: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: pagesKeys.legalPage(internalUrl, id),
    queryFn: () => fetchLegalPage(id),
    enabled: internalUrl !== '' && id > 0,
  });
}
