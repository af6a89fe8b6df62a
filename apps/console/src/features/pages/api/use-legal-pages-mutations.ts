import type { LegalPageDetail, LegalVersionBody } from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { addLegalVersion, forceAcceptLegalPage, pagesKeys } from './legal-pages-api.ts';

/** Saves a new version: the page's versions are the server's answer, the list is asked for again. */
export function useAddLegalVersionMutation(
  id: number,
  callbacks: MutationCallbacks<LegalPageDetail, LegalVersionBody> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (body: LegalVersionBody) => addLegalVersion(id, body),
    onSuccess: (detail, body) => {
      client.setQueryData(pagesKeys.legalPage(internalUrl, id), detail);
      void client.invalidateQueries({ queryKey: pagesKeys.legalList(internalUrl) });
      callbacks.onSuccess?.(detail, body);
    },
    onError: callbacks.onError,
  });
}

/** Every member must accept again: the accepted-by counts are asked for again. */
export function useForceAcceptMutation(
  id: number,
  callbacks: MutationCallbacks<{ round: number }, void> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: () => forceAcceptLegalPage(id),
    onSuccess: (data, variables) => {
      void client.invalidateQueries({ queryKey: pagesKeys.legal(internalUrl) });
      callbacks.onSuccess?.(data, variables);
    },
    onError: callbacks.onError,
  });
}
