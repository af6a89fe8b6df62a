import {
  loyaltyConfigSchema,
  loyaltyPaths,
  prizeListSchema,
  prizeRequestListSchema,
  prizeRequestSchema,
  prizeSchema,
  type LoyaltyAction,
  type Prize,
  type PrizeRequest,
  type PrizeRequestStatus,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const LOYALTY_PAGE = 20;

/** Query keys of the loyalty area, per community (internal_url). */
export const loyaltyKeys = {
  all: ['loyalty'] as const,
  config: (url: string) => [...loyaltyKeys.all, 'config', url] as const,
  prizes: (url: string) => [...loyaltyKeys.all, 'prizes', url] as const,
  prizePage: (url: string, offset: number) => [...loyaltyKeys.prizes(url), offset] as const,
  requests: (url: string) => [...loyaltyKeys.all, 'requests', url] as const,
  requestPage: (url: string, status: string, offset: number) =>
    [...loyaltyKeys.requests(url), status, offset] as const,
};

/** What the prize dialog sends; an image replaces the previous one. */
export interface PrizeChange {
  title: string;
  points: number;
  link: string;
  description: string;
  active: boolean;
  image?: File;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

function formOf(change: PrizeChange): FormData {
  const body = new FormData();
  body.set('title', change.title);
  body.set('points', String(change.points));
  body.set('link', change.link);
  body.set('description', change.description);
  body.set('active', String(change.active));
  if (change.image) body.set('image', change.image, change.image.name);
  return body;
}

export function useLoyaltyConfigQuery() {
  const url = useInternalUrl();
  return useQuery({
    queryKey: loyaltyKeys.config(url),
    queryFn: async () =>
      loyaltyConfigSchema.parse(await apiData<unknown>({ target: 'stack', path: loyaltyPaths.config })),
    enabled: url !== '',
  });
}

export function useSaveLoyaltyConfigMutation(
  callbacks: MutationCallbacks<unknown, Partial<Record<LoyaltyAction, number>>> = {},
) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async (points: Partial<Record<LoyaltyAction, number>>) =>
      loyaltyConfigSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: loyaltyPaths.configUpdate,
          json: true,
          body: { points },
        }),
      ),
    onSuccess: (saved, points) => {
      client.setQueryData(loyaltyKeys.config(url), saved);
      callbacks.onSuccess?.(saved, points);
    },
    onError: callbacks.onError,
  });
}

export function usePrizesQuery(offset: number) {
  const url = useInternalUrl();
  return useQuery({
    queryKey: loyaltyKeys.prizePage(url, offset),
    queryFn: async () =>
      prizeListSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          path: `${loyaltyPaths.prizes}?limit=${LOYALTY_PAGE}&offset=${offset}`,
        }),
      ),
    enabled: url !== '',
    placeholderData: keepPreviousData,
  });
}

export function useSavePrizeMutation(
  callbacks: MutationCallbacks<Prize, { id: number | null; change: PrizeChange }> = {},
) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number | null; change: PrizeChange }) =>
      prizeSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: id === null ? loyaltyPaths.prizeAdd : withId(loyaltyPaths.prizeUpdate, id),
          body: formOf(change),
        }),
      ),
    onSuccess: (saved, save) => {
      void client.invalidateQueries({ queryKey: loyaltyKeys.prizes(url) });
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useRequestsQuery(status: PrizeRequestStatus | '', offset: number) {
  const url = useInternalUrl();
  return useQuery({
    queryKey: loyaltyKeys.requestPage(url, status, offset),
    queryFn: async () =>
      prizeRequestListSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          path: `${loyaltyPaths.requests}?limit=${LOYALTY_PAGE}&offset=${offset}${status ? `&status=${status}` : ''}`,
        }),
      ),
    enabled: url !== '',
    placeholderData: keepPreviousData,
  });
}

export function useDecideRequestMutation(
  callbacks: MutationCallbacks<PrizeRequest, { id: number; status: 'accepted' | 'refused' }> = {},
) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: 'accepted' | 'refused' }) =>
      prizeRequestSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: withId(loyaltyPaths.requestStatus, id),
          json: true,
          body: { status },
        }),
      ),
    onSuccess: (saved, vars) => {
      void client.invalidateQueries({ queryKey: loyaltyKeys.requests(url) });
      callbacks.onSuccess?.(saved, vars);
    },
    onError: callbacks.onError,
  });
}

/** The selected requests as CSV text. */
export function useExportRequestsMutation(callbacks: MutationCallbacks<string, number[]> = {}) {
  return useMutation({
    mutationFn: async (ids: number[]) => {
      const answer = await apiRequest<unknown>({
        target: 'stack',
        method: 'POST',
        path: loyaltyPaths.requestsExport,
        json: true,
        body: { ids },
      });
      return typeof answer === 'string' ? answer : '';
    },
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}
