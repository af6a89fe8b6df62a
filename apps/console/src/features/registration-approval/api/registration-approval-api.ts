import {
  approvalPageSchema,
  approvalRequestSchema,
  registrationApprovalPaths,
  type ApprovalAction,
  type ApprovalFilter,
  type ApprovalPage,
  type ApprovalRequest,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export const APPROVAL_PAGE_SIZE = 20;

/** Query keys of the approval table, per community (internal_url). */
export const registrationApprovalKeys = {
  all: ['registration-approval'] as const,
  page: (internalUrl: string, status: ApprovalFilter, search: string, offset: number) =>
    [...registrationApprovalKeys.all, 'page', internalUrl, status, search, offset] as const,
};

export async function fetchApprovalPage(
  status: ApprovalFilter,
  search: string,
  offset: number,
): Promise<ApprovalPage> {
  return approvalPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: registrationApprovalPaths.list,
      query: { status, search: search.trim() || undefined, limit: APPROVAL_PAGE_SIZE, offset },
    }),
  );
}

export async function manageApproval(userId: number, action: ApprovalAction): Promise<ApprovalRequest> {
  return approvalRequestSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      method: 'POST',
      path: registrationApprovalPaths.manage,
      body: { user_id: userId, action },
    }),
  );
}

export function useApprovalPage(status: ApprovalFilter, search: string, offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: registrationApprovalKeys.page(internalUrl, status, search.trim(), offset),
    queryFn: () => fetchApprovalPage(status, search, offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** One decision on one request. */
export interface ApprovalDecision {
  userId: number;
  action: ApprovalAction;
}

/**
 * Approves, ignores or restores a request. The table is asked for again whatever the answer (a
 * refused transition means another admin acted first), without holding the row busy meanwhile.
 */
export function useManageApprovalMutation(
  callbacks: MutationCallbacks<ApprovalRequest, ApprovalDecision> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, action }: ApprovalDecision) => manageApproval(userId, action),
    onSuccess: callbacks.onSuccess,
    onError: callbacks.onError,
    onSettled: () => {
      void client.invalidateQueries({ queryKey: registrationApprovalKeys.all });
    },
  });
}
