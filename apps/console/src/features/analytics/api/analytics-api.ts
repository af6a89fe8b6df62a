import {
  analyticsPaths,
  analyticsServerPaths,
  type AnalyticsExportAddBody,
  type AnalyticsExportFull,
  type UserInsight,
} from '@agora/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

export type TableKind = 'users' | 'categories' | 'contributions';
export type ReportName = 'active_users' | 'retention' | 'engagement' | 'social_density';

const TABLE_PATHS: Record<TableKind, string> = {
  users: analyticsPaths.tablesUsers,
  categories: analyticsPaths.tablesCategories,
  contributions: analyticsPaths.tablesContributions,
};

const REPORT_PATHS: Record<ReportName, string> = {
  active_users: analyticsPaths.activeUsers,
  retention: analyticsPaths.retention,
  engagement: analyticsPaths.engagement,
  social_density: analyticsPaths.socialDensity,
};

/** The calls of this area (relative to the community's internal_url). */
export const tablePaths = {
  table: (kind: TableKind) => TABLE_PATHS[kind],
  userInsight: (userId: number) => analyticsPaths.userInsight.replace(':userId', String(userId)),
  userTags: analyticsServerPaths.userTags,
  assignUserTags: analyticsServerPaths.assignTags,
  report: (name: ReportName) => REPORT_PATHS[name],
} as const;

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** One row of a table: the server's fields by name (numbers, texts, dates, tag lists). */
export type TableRow = Record<string, unknown> & { id: number };

export interface TableParams {
  limit: number;
  offset: number;
  search: string;
  /** A column name, '-name' for descending; '' for the server's default. */
  ordering: string;
  /** YYYY-MM-DD, both optional. */
  from?: string;
  to?: string;
}

export interface TagRef {
  id: number;
  name: string;
  color?: string | null;
}

export type { UserInsight };

export type ExportEntry = AnalyticsExportFull;

/** Query keys of this area's calls (Cube loads have their own keys in core/analytics). */
export const analyticsKeys = {
  all: ['analytics-area'] as const,
  stack: (internalUrl: string) => [...analyticsKeys.all, internalUrl] as const,
  table: (internalUrl: string, kind: TableKind, params: TableParams) =>
    [...analyticsKeys.stack(internalUrl), 'table', kind, params] as const,
  insight: (internalUrl: string, userId: number) =>
    [...analyticsKeys.stack(internalUrl), 'insight', userId] as const,
  userTags: (internalUrl: string) => [...analyticsKeys.stack(internalUrl), 'user-tags'] as const,
  exports: (internalUrl: string) => [...analyticsKeys.stack(internalUrl), 'exports'] as const,
  report: (internalUrl: string, name: ReportName, query: Record<string, string | number>) =>
    [...analyticsKeys.stack(internalUrl), 'report', name, query] as const,
};

function tableQuery(params: TableParams): Record<string, string | number | undefined> {
  return {
    limit: params.limit,
    offset: params.offset,
    search: params.search || undefined,
    ordering: params.ordering || undefined,
    from: params.from || undefined,
    to: params.to || undefined,
  };
}

export function fetchTablePage(kind: TableKind, params: TableParams): Promise<Page<TableRow>> {
  return apiData<Page<TableRow>>({
    target: 'stack',
    path: tablePaths.table(kind),
    query: tableQuery(params),
  });
}

/** One page of an analytics table, paged, sorted and searched by the server. */
export function useTablePage(kind: TableKind, params: TableParams) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.table(internalUrl, kind, params),
    queryFn: () => fetchTablePage(kind, params),
    enabled: Boolean(internalUrl),
    placeholderData: keepPreviousData,
  });
}

export function useUserInsight(userId: number | null) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.insight(internalUrl, userId ?? 0),
    queryFn: () => apiData<UserInsight>({ target: 'stack', path: tablePaths.userInsight(userId ?? 0) }),
    enabled: Boolean(internalUrl) && userId !== null,
  });
}

export function useUserTags(enabled: boolean) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.userTags(internalUrl),
    queryFn: async () => {
      const data = await apiData<TagRef[] | Page<TagRef>>({ target: 'stack', path: tablePaths.userTags });
      return Array.isArray(data) ? data : data.results;
    },
    enabled: Boolean(internalUrl) && enabled,
  });
}

/** Gives the chosen user tags to the chosen users. */
export function assignUserTags(userIds: number[], tagIds: number[]) {
  return apiData<unknown>({
    target: 'stack',
    method: 'POST',
    path: tablePaths.assignUserTags,
    body: { user_ids: userIds.join(','), tag_ids: tagIds.join(',') },
  });
}

export type ExportRequest = AnalyticsExportAddBody;

/** Asks for a CSV export; the server answers 202 and emails a download link when the file is ready. */
export function addExport(request: ExportRequest) {
  return apiData<{ id: number; status: string }>({
    target: 'stack',
    method: 'POST',
    path: analyticsPaths.exportAdd,
    body: { ...request },
  });
}

export function useExports() {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.exports(internalUrl),
    queryFn: async () => {
      const data = await apiData<ExportEntry[] | Page<ExportEntry>>({
        target: 'stack',
        path: analyticsPaths.exportList,
      });
      return Array.isArray(data) ? data : data.results;
    },
    enabled: Boolean(internalUrl),
    refetchInterval: (query) =>
      query.state.data?.some((entry) => entry.status === 'pending' || entry.status === 'running')
        ? 3000
        : false,
  });
}

/** One of the data_provisioning reports (definitions of core §9 computed by the server). */
export function useReport<T>(name: ReportName, query: Record<string, string | number>) {
  const internalUrl = useInternalUrl();
  return useQuery({
    queryKey: analyticsKeys.report(internalUrl, name, query),
    queryFn: () => apiData<T>({ target: 'stack', path: tablePaths.report(name), query }),
    enabled: Boolean(internalUrl),
  });
}

/** Asks for a CSV export (a job builds it and emails a link); the exports list is refetched. */
export function useRequestExportMutation(callbacks: MutationCallbacks<unknown, ExportRequest> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return useMutation({
    mutationFn: (request: ExportRequest) => addExport(request),
    onSuccess: (data, request) => {
      void client.invalidateQueries({ queryKey: analyticsKeys.exports(internalUrl) });
      callbacks.onSuccess?.(data, request);
    },
    onError: callbacks.onError,
  });
}

/** Gives members tags; every analytics answer is refetched (tables show members' tags). */
export function useAssignUserTagsMutation(
  userIds: number[],
  callbacks: MutationCallbacks<unknown, number[]> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (tagIds: number[]) => assignUserTags(userIds, tagIds),
    onSuccess: (data, tagIds) => {
      void client.invalidateQueries({ queryKey: analyticsKeys.all });
      callbacks.onSuccess?.(data, tagIds);
    },
    onError: callbacks.onError,
  });
}
