import type { EmailTask } from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  emailSendKeys,
  fetchDeliveries,
  fetchQuota,
  fetchTask,
  startSend,
  type DeliveryFilter,
  type EmailSendRequest,
} from './email-sends-api.ts';

/** What the community may still send today (asked each time the dialog opens). */
export function useEmailQuotaQuery(enabled: boolean) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailSendKeys.quota(internalUrl),
    queryFn: fetchQuota,
    enabled: enabled && internalUrl !== '',
    staleTime: 0,
  });
}

export function useStartEmailSendMutation(callbacks: MutationCallbacks<EmailTask, EmailSendRequest> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: startSend,
    onSuccess: (task, request) => {
      client.setQueryData(emailSendKeys.task(internalUrl, task.id), task);
      callbacks.onSuccess?.(task, request);
    },
    // A refusal (quota, busy) may follow a change of the day's remaining emails: ask again.
    onError: (error, request) => {
      void client.invalidateQueries({ queryKey: emailSendKeys.quota(internalUrl) });
      callbacks.onError?.(error, request);
    },
  });
}

/** A task's progress, asked again every second until it is done. */
export function useEmailTaskQuery(id: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailSendKeys.task(internalUrl, id ?? 0),
    queryFn: () => fetchTask(id ?? 0),
    enabled: internalUrl !== '' && id !== null,
    refetchInterval: (query) => (query.state.data?.status === 'done' ? false : 1000),
  });
}

/** One page of a task's delivery log; refreshed with the progress while the task runs. */
export function useEmailDeliveriesQuery(id: number, filter: DeliveryFilter, running: boolean) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: emailSendKeys.deliveries(internalUrl, id, filter),
    queryFn: () => fetchDeliveries(id, filter),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
    refetchInterval: running ? 1000 : false,
  });
}
