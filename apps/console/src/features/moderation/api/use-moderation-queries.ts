import type {
  BotStatus,
  FlagActionBody,
  FlaggedContent,
  ModeratedUser,
  ModerationContentType,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  fetchBotStatus,
  fetchFlagged,
  fetchFlags,
  moderate,
  moderationKeys,
  saveBotStatus,
  type FlagFilters,
} from './moderation-api.ts';
import {
  addUserScore,
  changeModeratedUser,
  fetchModeratedUsers,
  userModerationKeys,
  type UserChange,
  type UserFilters,
} from './user-moderation-api.ts';

export function useFlagsQuery(filters: FlagFilters) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: moderationKeys.flags(internalUrl, filters),
    queryFn: () => fetchFlags(filters),
    enabled: internalUrl !== '',
  });
}

export function useFlaggedQuery(type: ModerationContentType, id: number, valid: boolean) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: moderationKeys.one(internalUrl, type, id),
    queryFn: () => fetchFlagged(type, id),
    enabled: valid && internalUrl !== '',
  });
}

/** Acts on a flagged content: updates it in place and invalidates every flag list. */
export function useModerateMutation(
  type: ModerationContentType,
  id: number,
  callbacks: MutationCallbacks<FlaggedContent, FlagActionBody> = {},
) {
  const internalUrl = useInternalUrl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: FlagActionBody) => moderate(type, id, body),
    onSuccess: (data, body) => {
      client.setQueryData(moderationKeys.one(internalUrl, type, id), data);
      void client.invalidateQueries({ queryKey: [...moderationKeys.all, 'flags'] });
      callbacks.onSuccess?.(data, body);
    },
    onError: callbacks.onError,
  });
}

export function useBotStatusQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: moderationKeys.bot(internalUrl),
    queryFn: fetchBotStatus,
    enabled: internalUrl !== '',
  });
}

/** Switches the bot: the answer replaces the cached status. */
export function useBotStatusMutation(callbacks: MutationCallbacks<BotStatus, boolean> = {}) {
  const internalUrl = useInternalUrl();
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveBotStatus,
    onSuccess: (data, enabled) => {
      client.setQueryData(moderationKeys.bot(internalUrl), data);
      callbacks.onSuccess?.(data, enabled);
    },
    onError: callbacks.onError,
  });
}

export function useModeratedUsersQuery(filters: UserFilters) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: userModerationKeys.list(internalUrl, filters),
    queryFn: () => fetchModeratedUsers(filters),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** After a change to a member: their cached row is replaced and every users list invalidated. */
function useStoreModeratedUser() {
  const internalUrl = useInternalUrl();
  const client = useQueryClient();
  return (next: { id: number }) => {
    client.setQueryData(userModerationKeys.one(internalUrl, next.id), next);
    void client.invalidateQueries({ queryKey: [...userModerationKeys.all, 'list'] });
  };
}

export function useChangeModeratedUserMutation(
  id: number,
  callbacks: MutationCallbacks<ModeratedUser, UserChange> = {},
) {
  const store = useStoreModeratedUser();
  return useMutation({
    mutationFn: (body: UserChange) => changeModeratedUser(id, body),
    onSuccess: (next, body) => {
      store(next);
      callbacks.onSuccess?.(next, body);
    },
    onError: callbacks.onError,
  });
}

export interface ScoreChange {
  points: number;
  comment: string;
}

/** Adds points to a member: the member with the new score is stored and handed to the screen. */
export function useAddUserScoreMutation(
  user: ModeratedUser,
  callbacks: MutationCallbacks<ModeratedUser, ScoreChange> = {},
) {
  const store = useStoreModeratedUser();
  return useMutation({
    mutationFn: ({ points, comment }: ScoreChange) => addUserScore(user.id, points, comment),
    onSuccess: (result, change) => {
      const next = { ...user, score: result.score };
      store(next);
      callbacks.onSuccess?.(next, change);
    },
    onError: callbacks.onError,
  });
}
