import type { Reaction } from '@agora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  addReaction,
  fetchReactions,
  reactionKeys,
  setDefaultReaction,
  updateReaction,
  type ReactionChange,
} from './reactions-api.ts';

/** The community's reactions, default first, with their uses. */
export function useReactionsQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: reactionKeys.list(internalUrl),
    queryFn: fetchReactions,
    enabled: internalUrl !== '',
  });
}

export interface ReactionSave {
  /** The reaction to change, or null to add one. */
  id: number | null;
  change: ReactionChange;
}

/** Adds or changes a reaction; the table is asked for again (the default may have moved, uses changed). */
export function useSaveReactionMutation(callbacks: MutationCallbacks<Reaction, ReactionSave> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ id, change }: ReactionSave) =>
      id === null ? addReaction(change) : updateReaction(id, change),
    onSuccess: (saved, save) => {
      void client.invalidateQueries({ queryKey: reactionKeys.list(internalUrl) });
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

/** Makes an active reaction the default one. */
export function useSetDefaultReactionMutation(callbacks: MutationCallbacks<Reaction, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (id: number) => setDefaultReaction(id),
    onSuccess: (saved, id) => {
      void client.invalidateQueries({ queryKey: reactionKeys.list(internalUrl) });
      callbacks.onSuccess?.(saved, id);
    },
    onError: callbacks.onError,
  });
}
