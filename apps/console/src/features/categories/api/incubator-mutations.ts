import type { Incubator, IncubatorAction, IncubatorThreshold } from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import { categoryKeys } from './categories-api.ts';
import { actOnIncubator, incubatorKeys, saveIncubatorThreshold } from './incubator-api.ts';

export interface IncubatorActionInput {
  id: number;
  action: IncubatorAction;
}

/** A status action; the proposals are asked again, and the categories too after a publish. */
export function useIncubatorActionMutation(
  callbacks: MutationCallbacks<Incubator, IncubatorActionInput> = {},
) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ id, action }: IncubatorActionInput) => actOnIncubator(id, action),
    onSuccess: async (saved, input) => {
      if (input.action === 'publish')
        await client.invalidateQueries({ queryKey: categoryKeys.list(internalUrl) });
      callbacks.onSuccess?.(saved, input);
    },
    onError: callbacks.onError,
    onSettled: () => client.invalidateQueries({ queryKey: incubatorKeys.lists(internalUrl) }),
  });
}

/** Saves the threshold; proposals may have become ready, so the list is asked again. */
export function useIncubatorThresholdMutation(callbacks: MutationCallbacks<IncubatorThreshold, string> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: saveIncubatorThreshold,
    onSuccess: (saved, value) => {
      client.setQueryData(incubatorKeys.threshold(internalUrl), saved);
      void client.invalidateQueries({ queryKey: incubatorKeys.lists(internalUrl) });
      callbacks.onSuccess?.(saved, value);
    },
    onError: callbacks.onError,
  });
}
