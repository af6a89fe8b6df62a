import {
  approvalPageSchema,
  approvalRequestSchema,
  registrationApprovalPaths,
  type ApprovalAction,
  type ApprovalFilter,
  type ApprovalPage,
  type ApprovalRequest,
} from '@agora/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
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
