import { analyticsPaths, type PreferenceValue } from '@agora/contract';
import { apiRequest } from '../../../core/http/api-client.ts';
import { fetchStackSelf } from '../../../core/stack/stack-queries.ts';
import { serializeDashboard, type Dashboard } from '../model/dashboard-model.ts';

/** Query keys of the dashboard, per community (internal_url) and community user. */
export const dashboardKeys = {
  all: ['analytics-dashboard'] as const,
  layout: (internalUrl: string, userId: number) =>
    [...dashboardKeys.all, 'layout', internalUrl, userId] as const,
};

export function dashboardPath(userId: number): string {
  return analyticsPaths.dashboard.replace(':userId', String(userId));
}

/**
 * The saved layout JSON (core §7): reads data.layout; on error or status ≥ 300 it yields '' (empty),
 * which makes the console build the default dashboard.
 */
export async function fetchDashboardLayout(userId: number): Promise<string> {
  try {
    const answer = await apiRequest<{ data?: { layout?: unknown } } | null>({
      target: 'stack',
      path: dashboardPath(userId),
    });
    const layout = answer?.data?.layout;
    return typeof layout === 'string' ? layout : '';
  } catch {
    return '';
  }
}

/** Saves the dashboard as a multipart form whose field `layout` holds the JSON; resolves true or false. */
export async function saveDashboardLayout(userId: number, dashboard: Dashboard): Promise<boolean> {
  const body = new FormData();
  body.set('layout', serializeDashboard(dashboard));
  try {
    await apiRequest({ target: 'stack', method: 'POST', path: dashboardPath(userId), body });
    return true;
  } catch {
    return false;
  }
}

/** The caller's community user id in the selected community (Stack.userId). */
export async function fetchCommunityUserId(): Promise<number> {
  return (await fetchStackSelf()).userId;
}

export function isFollowEnabled(value: PreferenceValue | undefined): boolean {
  return value === true || value === 'true';
}
