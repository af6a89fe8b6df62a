import type { BroadcastMessage, BroadcastWriteBody } from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  broadcastKeys,
  copyBroadcast,
  deleteBroadcast,
  saveBroadcast,
  scheduleBroadcast,
  sendBroadcast,
  uploadBroadcastImage,
} from './broadcast-api.ts';

/** Every write moves messages between tabs or changes a row: the lists are asked for again. */
function useRefreshLists() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return () => void client.invalidateQueries({ queryKey: broadcastKeys.lists(internalUrl) });
}

function useListWrite<TVariables>(
  fn: (variables: TVariables) => Promise<BroadcastMessage>,
  callbacks: MutationCallbacks<BroadcastMessage, TVariables>,
) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: fn,
    onSuccess: (message, variables) => {
      refresh();
      callbacks.onSuccess?.(message, variables);
    },
    onError: callbacks.onError,
  });
}

/** Saves a new template, or changes `id` (a template or a scheduled message). */
export function useSaveBroadcastMutation(
  id: number | null,
  callbacks: MutationCallbacks<BroadcastMessage, BroadcastWriteBody> = {},
) {
  return useListWrite((body: BroadcastWriteBody) => saveBroadcast(id, body), callbacks);
}

export function useSendBroadcastMutation(callbacks: MutationCallbacks<BroadcastMessage, number> = {}) {
  return useListWrite(sendBroadcast, callbacks);
}

export function useCopyBroadcastMutation(callbacks: MutationCallbacks<BroadcastMessage, number> = {}) {
  return useListWrite(copyBroadcast, callbacks);
}

export function useScheduleBroadcastMutation(
  callbacks: MutationCallbacks<BroadcastMessage, { id: number; at: string }> = {},
) {
  return useListWrite(({ id, at }: { id: number; at: string }) => scheduleBroadcast(id, at), callbacks);
}

export function useDeleteBroadcastMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const refresh = useRefreshLists();
  return useMutation({
    mutationFn: deleteBroadcast,
    onSuccess: (data, id) => {
      refresh();
      callbacks.onSuccess?.(data, id);
    },
    onError: callbacks.onError,
  });
}

/** Uploads an image; answers its address for the message's `image`. */
export function useUploadBroadcastImageMutation(callbacks: MutationCallbacks<string, File> = {}) {
  return useMutation({ mutationFn: uploadBroadcastImage, ...callbacks });
}
