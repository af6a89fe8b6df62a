import {
  webhookAttemptListSchema,
  webhookBulkResultSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookPaths,
  webhookSecretSchema,
  type WebhookAttemptList,
  type WebhookBulkResult,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const WEBHOOK_LIST_PAGE = 20;
export const ATTEMPT_PAGE = 20;

/** Query keys of the webhooks area, per community (internal_url). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  community: (internalUrl: string) => [...webhookKeys.all, internalUrl] as const,
  list: (internalUrl: string, offset: number) =>
    [...webhookKeys.community(internalUrl), 'list', offset] as const,
  detail: (internalUrl: string, id: number) =>
    [...webhookKeys.community(internalUrl), 'endpoint', id] as const,
  attempts: (internalUrl: string, id: number, offset: number) =>
    [...webhookKeys.community(internalUrl), 'attempts', id, offset] as const,
  events: (internalUrl: string) => [...webhookKeys.community(internalUrl), 'events'] as const,
};

/** What the add / edit dialog sends. */
export interface WebhookChange {
  target: string;
  description: string;
  events: string[];
  ssl_cert_verification: boolean;
  is_active: boolean;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));

async function fetchEndpoints(offset: number): Promise<WebhookEndpointList> {
  return webhookEndpointListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: `${webhookPaths.list}?limit=${WEBHOOK_LIST_PAGE}&offset=${offset}`,
    }),
  );
}

async function fetchEndpoint(id: number): Promise<WebhookEndpoint> {
  return webhookEndpointSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(webhookPaths.detail, id) }),
  );
}

async function fetchAttempts(id: number, offset: number): Promise<WebhookAttemptList> {
  return webhookAttemptListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: `${withId(webhookPaths.attempts, id)}?limit=${ATTEMPT_PAGE}&offset=${offset}`,
    }),
  );
}

async function fetchEventTypes(): Promise<string[]> {
  return z.array(z.string()).parse(await apiData<unknown>({ target: 'stack', path: webhookPaths.events }));
}

export function useWebhooksQuery(offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: webhookKeys.list(internalUrl, offset),
    queryFn: () => fetchEndpoints(offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

export function useWebhookQuery(id: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: webhookKeys.detail(internalUrl, id),
    queryFn: () => fetchEndpoint(id),
    enabled: internalUrl !== '',
  });
}

export function useWebhookAttemptsQuery(id: number, offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: webhookKeys.attempts(internalUrl, id, offset),
    queryFn: () => fetchAttempts(id, offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** SelfCommunity's event catalogue (the dialog's choices). */
export function useWebhookEventTypesQuery() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: webhookKeys.events(internalUrl),
    queryFn: fetchEventTypes,
    enabled: internalUrl !== '',
    staleTime: Infinity,
  });
}

/** Refreshes the endpoint and its attempts (the detail screen's refresh button). */
export function useRefreshWebhook(id: number) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return () => {
    void client.invalidateQueries({ queryKey: webhookKeys.detail(internalUrl, id) });
    void client.invalidateQueries({ queryKey: [...webhookKeys.community(internalUrl), 'attempts', id] });
  };
}

export interface WebhookSave {
  id: number | null;
  change: WebhookChange;
}

export function useSaveWebhookMutation(callbacks: MutationCallbacks<WebhookEndpoint, WebhookSave> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, change }: WebhookSave) =>
      webhookEndpointSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: id === null ? webhookPaths.add : withId(webhookPaths.update, id),
          json: true,
          body: { ...change },
        }),
      ),
    onSuccess: (saved, save) => {
      client.setQueryData(webhookKeys.detail(internalUrl, saved.id), saved);
      void client.invalidateQueries({ queryKey: webhookKeys.community(internalUrl) });
      callbacks.onSuccess?.(saved, save);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteWebhookMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async (id: number) => {
      await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(webhookPaths.delete, id) });
    },
    onSuccess: (_, id) => {
      void client.invalidateQueries({ queryKey: webhookKeys.community(internalUrl) });
      callbacks.onSuccess?.(undefined, id);
    },
    onError: callbacks.onError,
  });
}

export function useRevealSecretMutation(callbacks: MutationCallbacks<string, number> = {}) {
  return useMutation({
    mutationFn: async (id: number) =>
      webhookSecretSchema.parse(
        await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(webhookPaths.reveal, id) }),
      ).signing_secret,
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
  });
}

export function useExpireSecretMutation(callbacks: MutationCallbacks<WebhookEndpoint, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async (id: number) =>
      webhookEndpointSchema.parse(
        await apiData<unknown>({ target: 'stack', method: 'POST', path: withId(webhookPaths.expire, id) }),
      ),
    onSuccess: (saved, id) => {
      client.setQueryData(webhookKeys.detail(internalUrl, id), saved);
      callbacks.onSuccess?.(saved, id);
    },
    onError: callbacks.onError,
  });
}

export function useResendAttemptMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async (attemptId: number) => {
      await apiData<unknown>({
        target: 'stack',
        method: 'POST',
        path: withId(webhookPaths.resendAttempt, attemptId),
      });
    },
    onSuccess: (_, attemptId) => {
      void client.invalidateQueries({ queryKey: webhookKeys.community(internalUrl) });
      callbacks.onSuccess?.(undefined, attemptId);
    },
    onError: callbacks.onError,
  });
}

export interface BulkRetry {
  id: number;
  file: File;
  /** Only count what would go. */
  dryRun: boolean;
}

export function useBulkRetryMutation(callbacks: MutationCallbacks<WebhookBulkResult, BulkRetry> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: async ({ id, file, dryRun }: BulkRetry) => {
      const form = new FormData();
      form.append('file', file);
      return webhookBulkResultSchema.parse(
        await apiData<unknown>({
          target: 'stack',
          method: 'POST',
          path: withId(dryRun ? webhookPaths.bulkPreview : webhookPaths.bulk, id),
          body: form,
        }),
      );
    },
    onSuccess: (result, retry) => {
      if (!retry.dryRun) void client.invalidateQueries({ queryKey: webhookKeys.community(internalUrl) });
      callbacks.onSuccess?.(result, retry);
    },
    onError: callbacks.onError,
  });
}
