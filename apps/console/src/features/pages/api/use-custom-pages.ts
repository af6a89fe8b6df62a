import type { CustomPage, CustomPageWriteBody, ErrorPageKind, ErrorPageList } from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  customPagesKeys,
  deleteCustomPage,
  fetchCustomPage,
  fetchCustomPages,
  fetchErrorPages,
  restoreErrorPage,
  saveCustomPage,
  saveErrorPage,
} from './custom-pages-api.ts';

/** One page of the community's general pages, last edited first. */
export function useCustomPagesQuery(search: string, offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: customPagesKeys.list(internalUrl, search, offset),
    queryFn: () => fetchCustomPages(search, offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

export function useCustomPageQuery(id: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: customPagesKeys.page(internalUrl, id),
    queryFn: () => fetchCustomPage(id),
    enabled: internalUrl !== '' && id > 0,
  });
}

/** Adds (id null) or saves a page: the page is the server's answer, the lists are asked for again. */
export function useSaveCustomPageMutation(
  id: number | null,
  callbacks: MutationCallbacks<CustomPage, CustomPageWriteBody> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (body: CustomPageWriteBody) => saveCustomPage(id, body),
    onSuccess: (page, body) => {
      client.setQueryData(customPagesKeys.page(internalUrl, page.id), page);
      void client.invalidateQueries({ queryKey: [...customPagesKeys.general(internalUrl), 'list'] });
      callbacks.onSuccess?.(page, body);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteCustomPageMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (id: number) => deleteCustomPage(id),
    onSuccess: (data, id) => {
      client.removeQueries({ queryKey: customPagesKeys.page(internalUrl, id) });
      void client.invalidateQueries({ queryKey: [...customPagesKeys.general(internalUrl), 'list'] });
      callbacks.onSuccess?.(data, id);
    },
    onError: callbacks.onError,
  });
}

/** Both error pages (the community's own HTML, or null while the default shows). */
export function useErrorPagesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: customPagesKeys.errors(internalUrl),
    queryFn: fetchErrorPages,
    enabled: internalUrl !== '',
  });
}

/** Saves an error page's HTML, or (html null) restores its default: the answer is the new pair. */
export function useSaveErrorPageMutation(
  kind: ErrorPageKind,
  callbacks: MutationCallbacks<ErrorPageList, string | null> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (html: string | null) => (html === null ? restoreErrorPage(kind) : saveErrorPage(kind, html)),
    onSuccess: (list, html) => {
      client.setQueryData(customPagesKeys.errors(internalUrl), list);
      callbacks.onSuccess?.(list, html);
    },
    onError: callbacks.onError,
  });
}
