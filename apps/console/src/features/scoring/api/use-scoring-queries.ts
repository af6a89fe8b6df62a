import type { ScoreConfig } from '@agora/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  addManualScore,
  fetchScoreConfig,
  fetchScoreHistory,
  saveScoreConfig,
  scoringKeys,
  searchMembers,
  type HistoryFilters,
} from './scoring-api.ts';

export function useScoreConfigQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({ queryKey: scoringKeys.config(internalUrl), queryFn: fetchScoreConfig });
}

/** Saves the points per action: the answer replaces the cached configuration. */
export function useSaveScoreConfigMutation(callbacks: MutationCallbacks<ScoreConfig, ScoreConfig> = {}) {
  const internalUrl = useInternalUrl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveScoreConfig,
    onSuccess: (data, config) => {
      client.setQueryData(scoringKeys.config(internalUrl), data);
      callbacks.onSuccess?.(data, config);
    },
    onError: callbacks.onError,
  });
}

export function useMemberSearchQuery(search: string) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: [...scoringKeys.all, 'search', internalUrl, search],
    queryFn: () => searchMembers(search),
    enabled: search.trim().length > 0,
  });
}

/** A member's score history (none until a member is chosen). */
export function useScoreHistoryQuery(userId: number | null, filters: HistoryFilters) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: scoringKeys.history(internalUrl, userId ?? 0, filters),
    queryFn: () => fetchScoreHistory(userId ?? 0, filters),
    enabled: userId !== null,
  });
}

export interface ManualScore {
  userId: number;
  points: number;
  comment: string;
}

/** Gives a member points by hand; every scoring answer (history, search) is invalidated. */
export function useAddManualScoreMutation(callbacks: MutationCallbacks<unknown, ManualScore> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, points, comment }: ManualScore) => addManualScore(userId, points, comment),
    onSuccess: (data, score) => {
      void client.invalidateQueries({ queryKey: scoringKeys.all });
      callbacks.onSuccess?.(data, score);
    },
    onError: callbacks.onError,
  });
}
