import { auditLogPageSchema, auditLogPaths, type AuditLogPage } from '@agora/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../core/http/api-client.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export interface AuditLogFilters {
  /** Community user id of a staff member, '' for everyone. */
  staff: string;
  action: string;
  from: string;
  to: string;
}

export const EMPTY_AUDIT_FILTERS: AuditLogFilters = { staff: '', action: '', from: '', to: '' };
export const AUDIT_PAGE_SIZE = 20;

/** Query keys of the audit log, per community (internal_url). */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (internalUrl: string, filters: AuditLogFilters, offset: number) =>
    [...auditLogKeys.all, 'page', internalUrl, filters, offset] as const,
};

function filterQuery(filters: AuditLogFilters): Record<string, string | undefined> {
  return {
    staff: filters.staff || undefined,
    action: filters.action.trim() || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
  };
}

export async function fetchAuditLog(filters: AuditLogFilters, offset: number): Promise<AuditLogPage> {
  return auditLogPageSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: auditLogPaths.list,
      query: { ...filterQuery(filters), limit: AUDIT_PAGE_SIZE, offset },
    }),
  );
}

/** The filtered log as CSV text (the server escapes formula cells). */
export async function fetchAuditLogCsv(filters: AuditLogFilters): Promise<string> {
  const answer = await apiRequest<unknown>({
    target: 'stack',
    path: auditLogPaths.export,
    query: filterQuery(filters),
  });
  return typeof answer === 'string' ? answer : '';
}

export function useAuditLog(filters: AuditLogFilters, offset: number) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: auditLogKeys.page(internalUrl, filters, offset),
    queryFn: () => fetchAuditLog(filters, offset),
    enabled: internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}
