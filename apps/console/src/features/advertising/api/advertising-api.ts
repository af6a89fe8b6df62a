import {
  AD_PAGE_SIZE,
  advertisingPaths,
  advertisingSettingsSchema,
  categoryListSchema,
  categoryPaths,
  customAdListSchema,
  customAdSchema,
  type AdPosition,
  type AdvertisingSettings,
  type AdvertisingSettingsBody,
  type CustomAd,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const ADS_PAGE = AD_PAGE_SIZE;

/** Query keys of the advertising area, per community (internal_url). */
export const advertisingKeys = {
  all: ['advertising'] as const,
  settings: (url: string) => [...advertisingKeys.all, 'settings', url] as const,
  ads: (url: string) => [...advertisingKeys.all, 'ads', url] as const,
  adPage: (url: string, offset: number) => [...advertisingKeys.ads(url), offset] as const,
  categories: (url: string) => [...advertisingKeys.all, 'categories', url] as const,
};

/** What the custom ad dialog sends: an image upload or an embed code. */
export interface AdChange {
  title: string;
  link: string;
  kind: 'image' | 'embed';
  embedCode: string;
  image?: File;
  /** A category id, or null for all categories. */
  category: number | null;
  position: AdPosition;
  active: boolean;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

function formOf(change: AdChange, editing: boolean): FormData {
  const body = new FormData();
  body.set('title', change.title);
  body.set('link', change.link);
  body.set('position', change.position);
  body.set('category', change.category === null ? '' : String(change.category));
  body.set('active', String(change.active));
  if (change.kind === 'embed') {
    body.set('embed_code', change.embedCode);
    if (editing) body.set('remove_image', 'true');
  } else {
    body.set('embed_code', '');
    if (change.image) body.set('image', change.image, change.image.name);
  }
  return body;
}

export function useAdvertisingSettingsQuery() {
  const url = useInternalUrl();
  return useQuery({
    queryKey: advertisingKeys.settings(url),
    queryFn: async () =>
      advertisingSettingsSchema.parse(
        await apiData<unknown>({ target: 'stack', path: advertisingPaths.settings }),
      ),
    enabled: url !== '',
  });
}

export function useSaveAdvertisingSettingsMutation(
  callbacks: MutationCallbacks<AdvertisingSettings, AdvertisingSettingsBody> = {},
) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async (body: AdvertisingSettingsBody) =>
      advertisingSettingsSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: advertisingPaths.settingsUpdate,
          json: true,
          body,
        }),
      ),
    onSuccess: (saved, body) => {
      client.setQueryData(advertisingKeys.settings(url), saved);
      callbacks.onSuccess?.(saved, body);
    },
    onError: callbacks.onError,
  });
}

export function useCustomAdsQuery(offset: number) {
  const url = useInternalUrl();
  return useQuery({
    queryKey: advertisingKeys.adPage(url, offset),
    queryFn: async () =>
      customAdListSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          path: `${advertisingPaths.ads}?limit=${ADS_PAGE}&offset=${offset}`,
        }),
      ),
    enabled: url !== '',
    placeholderData: keepPreviousData,
  });
}

/** The community's categories for the ad dialog's choice (id and name). */
export function useAdCategoriesQuery() {
  const url = useInternalUrl();
  return useQuery({
    queryKey: advertisingKeys.categories(url),
    queryFn: async () =>
      categoryListSchema
        .parse(await apiData<unknown>({ target: 'stack', path: categoryPaths.list, query: { limit: 500 } }))
        .results.map((c) => ({ id: c.id, name: c.name })),
    enabled: url !== '',
  });
}

export function useSaveCustomAdMutation(
  callbacks: MutationCallbacks<CustomAd, { id: number | null; change: AdChange }> = {},
) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, change }: { id: number | null; change: AdChange }) =>
      customAdSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: id === null ? advertisingPaths.adAdd : withId(advertisingPaths.adUpdate, id),
          body: formOf(change, id !== null),
        }),
      ),
    onSuccess: (saved, save) => {
      void client.invalidateQueries({ queryKey: advertisingKeys.ads(url) });
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteCustomAdMutation(callbacks: MutationCallbacks<unknown, CustomAd> = {}) {
  const client = useQueryClient();
  const url = useInternalUrl();
  return useMutation({
    mutationFn: async (ad: CustomAd) =>
      apiData<unknown>({ target: 'stack', method: 'POST', path: withId(advertisingPaths.adDelete, ad.id) }),
    onSuccess: (result, ad) => {
      void client.invalidateQueries({ queryKey: advertisingKeys.ads(url) });
      callbacks.onSuccess?.(result, ad);
    },
    onError: callbacks.onError,
  });
}
