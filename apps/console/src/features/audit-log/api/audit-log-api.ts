import {
  auditLogPageSchema,
  auditLogPaths,
  auditLogPeopleSchema,
  type AuditLogPage,
  type AuditLogPeople,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { apiData, apiRequest } from '../../../core/http/api-client.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export interface AuditLogFilters {
  /** Community user id of who made the change, '' for everyone. */
  person: string;
  /** An action of the registry, '' for every action. */
  action: string;
  /** YYYY-MM-DD or ''. */
  from: string;
  to: string;
  /** Also list sign-ins, tests and exports. */
  readOnly: boolean;
}

export const EMPTY_AUDIT_FILTERS: AuditLogFilters = {
  person: '',
  action: '',
  from: '',
  to: '',
  readOnly: false,
};
export const AUDIT_PAGE_SIZE = 20;

/** Query keys of the audit log, per community (internal_url). */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  page: (internalUrl: string, filters: AuditLogFilters, offset: number) =>
    [...auditLogKeys.all, 'page', internalUrl, filters, offset] as const,
  people: (internalUrl: string, search: string) =>
    [...auditLogKeys.all, 'people', internalUrl, search] as const,
};

/** The filters as the list and the export both take them (the CSV holds exactly what is shown). */
export function filterQuery(filters: AuditLogFilters): Record<string, string | undefined> {
  return {
    person: filters.person || undefined,
    action: filters.action || undefined,
    from: filters.from || undefined,
    to: filters.to || undefined,
    read_only: filters.readOnly ? 'true' : undefined,
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

export async function fetchAuditPeople(search: string): Promise<AuditLogPeople> {
  return auditLogPeopleSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: auditLogPaths.people,
      query: { search: search.trim() || undefined },
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

/** The people who made changes in this log whose name holds `search` (asked of the server). */
export function useAuditPeople(search: string, enabled: boolean) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: auditLogKeys.people(internalUrl, search.trim()),
    queryFn: () => fetchAuditPeople(search),
    enabled: enabled && internalUrl !== '',
    placeholderData: keepPreviousData,
  });
}

/** Downloads the CSV of these filters; the caller saves the text and tells a failure. */
export function useAuditCsvMutation() {
  return useMutation({ mutationFn: (filters: AuditLogFilters) => fetchAuditLogCsv(filters) });
}
