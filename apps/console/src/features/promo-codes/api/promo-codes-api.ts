import {
  promoCodeListSchema,
  promoCodePaths,
  promoCodeSchema,
  taggingPaths,
  type PromoCode,
  type PromoCodeList,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const PROMO_PAGE_SIZE = 20;

/** Query keys of the promo codes area, per community (internal_url). */
export const promoCodeKeys = {
  all: ['promo-codes'] as const,
  list: (internalUrl: string) => [...promoCodeKeys.all, 'list', internalUrl] as const,
  page: (internalUrl: string, offset: number) => [...promoCodeKeys.list(internalUrl), offset] as const,
  tags: (internalUrl: string) => [...promoCodeKeys.all, 'tags', internalUrl] as const,
};

/** What the dialog sends. */
export interface PromoCodeChange {
  name: string;
  code: string;
  tags: number[];
  valid_from: string;
  valid_to: string;
}

export interface TagChoice {
  id: number;
  name: string;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
const tagListSchema = z.object({ results: z.array(z.object({ id: z.number(), name: z.string() })) });

export async function fetchPromoCodes(offset: number): Promise<PromoCodeList> {
  return promoCodeListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: `${promoCodePaths.list}?limit=${PROMO_PAGE_SIZE}&offset=${offset}`,
    }),
  );
}

export async function fetchUserTags(): Promise<TagChoice[]> {
  const answer = await apiData<unknown>({
    target: 'stack',
    path: `${taggingPaths.list}?type=user&active=true&limit=500`,
  });
  const parsed = tagListSchema.safeParse(answer);
  return parsed.success ? parsed.data.results.map(({ id, name }) => ({ id, name })) : [];
}

async function savePromoCode(id: number | null, change: PromoCodeChange): Promise<PromoCode> {
  const path = id === null ? promoCodePaths.add : withId(promoCodePaths.update, id);
  return promoCodeSchema.parse(
    await apiData<unknown>({ target: 'stack', method: 'POST', path, json: true, body: { ...change } }),
  );
}

async function deletePromoCode(id: number): Promise<void> {
  await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(promoCodePaths.delete, id) });
}

export function usePromoCodesQuery(offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: promoCodeKeys.page(internalUrl, offset),
    queryFn: () => fetchPromoCodes(offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** The user tags a code may give (the dialog's choices). */
export function useUserTagsQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: promoCodeKeys.tags(internalUrl),
    queryFn: fetchUserTags,
    enabled: internalUrl !== '',
  });
}

export interface PromoCodeSave {
  id: number | null;
  change: PromoCodeChange;
}

export function useSavePromoCodeMutation(callbacks: MutationCallbacks<PromoCode, PromoCodeSave> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: ({ id, change }: PromoCodeSave) => savePromoCode(id, change),
    onSuccess: (saved, save) => {
      void client.invalidateQueries({ queryKey: promoCodeKeys.list(internalUrl) });
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useDeletePromoCodeMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (id: number) => deletePromoCode(id),
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: promoCodeKeys.list(internalUrl) });
      callbacks.onSuccess?.(undefined, id);
    },
    onError: callbacks.onError,
  });
}
