import type { Invitation, InvitationImportResult, InvitationSend, InvitationWrite } from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  deleteInvitations,
  fetchChoices,
  fetchInvitations,
  fetchSend,
  importInvitations,
  invitationKeys,
  saveInvitation,
  sendInvitations,
  type InvitationFilter,
} from './invitations-api.ts';

/** One page of a tab's invitations. */
export function useInvitationPageQuery(filter: InvitationFilter) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: invitationKeys.list(internalUrl, filter),
    queryFn: () => fetchInvitations(filter),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** The user tags and categories the dialog offers. */
export function useInvitationChoicesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: invitationKeys.choices(internalUrl),
    queryFn: fetchChoices,
    enabled: internalUrl !== '',
  });
}

function useRefreshLists() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return () => void client.invalidateQueries({ queryKey: invitationKeys.lists(internalUrl) });
}

export interface InvitationSave {
  /** The invitation to change, or null to add one. */
  id: number | null;
  values: InvitationWrite;
}

export function useSaveInvitationMutation(callbacks: MutationCallbacks<Invitation, InvitationSave> = {}) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: ({ id, values }: InvitationSave) => saveInvitation(id, values),
    onSuccess: (saved, save) => {
      refresh();
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteInvitationsMutation(callbacks: MutationCallbacks<number, number[]> = {}) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: (ids: number[]) => deleteInvitations(ids),
    onSuccess: (deleted, ids) => {
      refresh();
      callbacks.onSuccess?.(deleted, ids);
    },
    onError: callbacks.onError,
  });
}

export function useSendInvitationsMutation(callbacks: MutationCallbacks<InvitationSend, number[]> = {}) {
  return useMutation({
    mutationFn: (ids: number[]) => sendInvitations(ids),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

/** A sending task's progress, asked again every second while it runs; the lists refresh when it ends. */
export function useSendProgressQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  const refresh = useRefreshLists();
  return useQuery({
    queryKey: invitationKeys.send(internalUrl, id ?? 0),
    queryFn: async () => {
      const send = await fetchSend(id ?? 0);
      if (send.status === 'done') refresh();
      return send;
    },
    enabled: internalUrl !== '' && id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });
}

/** The CSV upload, with its progress in percent (null when nothing is being sent). */
export function useImportInvitationsMutation(
  callbacks: MutationCallbacks<InvitationImportResult, File> = {},
) {
  const refresh = useRefreshLists();
  const [progress, setProgress] = useState<number | null>(null);
  const mutation = useMutation({
    mutationFn: (file: File) => {
      setProgress(0);
      return importInvitations(file, setProgress);
    },
    onSuccess: (result, file) => {
      setProgress(null);
      refresh();
      callbacks.onSuccess?.(result, file);
    },
    onError: (error, file) => {
      setProgress(null);
      callbacks.onError?.(error, file);
    },
  });
  return { ...mutation, progress };
}
