import { create } from 'zustand';
import { fetchDashboardLayout, saveDashboardLayout } from '../api/dashboard-api.ts';
import {
  addWidget,
  buildDefaultDashboard,
  layoutsChanged,
  MAX_DASHBOARD_WIDGETS,
  parseDashboard,
  removeWidget,
  sameLayouts,
  type Dashboard,
  type DashboardLayoutItem,
  type WidgetProperties,
} from './dashboard-model.ts';
import { notify } from '../../../core/notices/notice-store.ts';

/** Whose dashboard is held: one community user of one community. */
export interface DashboardOwner {
  internalUrl: string;
  userId: number;
}

export interface DashboardState {
  owner: string | null;
  status: 'idle' | 'loading' | 'loaded';
  /** The saved dashboard, or null when none was saved (the default is then shown). */
  dashboard: Dashboard | null;
}

const ownerKey = (owner: DashboardOwner) => `${owner.internalUrl}#${owner.userId}`;

/** The dashboard state (core §4: loaded, add widget, remove widget, layouts changed). */
export const useDashboardStore = create<DashboardState>()(() => ({
  owner: null,
  status: 'idle',
  dashboard: null,
}));

let loading: { key: string; promise: Promise<Dashboard | null> } | null = null;

/** Loads the saved dashboard of `owner` (again when asked with `force`). */
export async function loadDashboard(owner: DashboardOwner, force = false): Promise<Dashboard | null> {
  const key = ownerKey(owner);
  const state = useDashboardStore.getState();
  if (!force && state.owner === key && state.status === 'loaded') return state.dashboard;
  if (loading?.key === key) return loading.promise;
  useDashboardStore.setState({
    owner: key,
    status: 'loading',
    dashboard: state.owner === key ? state.dashboard : null,
  });
  const promise = fetchDashboardLayout(owner.userId).then((layout) => {
    const dashboard = parseDashboard(layout);
    if (useDashboardStore.getState().owner === key)
      useDashboardStore.setState({ status: 'loaded', dashboard });
    return dashboard;
  });
  loading = { key, promise };
  try {
    return await promise;
  } finally {
    if (loading?.key === key) loading = null;
  }
}

/** The dashboard shown: the saved one, else the default for the community's follow setting. */
export function effectiveDashboard(saved: Dashboard | null, followEnabled: boolean): Dashboard {
  return saved ?? buildDefaultDashboard(followEnabled);
}

async function commit(owner: DashboardOwner, next: Dashboard): Promise<boolean> {
  useDashboardStore.setState({ owner: ownerKey(owner), status: 'loaded', dashboard: next });
  const saved = await saveDashboardLayout(owner.userId, next);
  if (!saved) notify({ messageId: 'analyticsDashboard.saveError', variant: 'error' });
  return saved;
}

/** Adds a widget and saves; false (with a notice) when the 16 slots are taken or the save fails. */
export async function dashboardAddWidget(
  owner: DashboardOwner,
  current: Dashboard,
  properties: WidgetProperties,
): Promise<boolean> {
  const next = addWidget(current, properties);
  if (!next) {
    notify({
      messageId: 'analyticsDashboard.full',
      variant: 'warning',
      values: { max: MAX_DASHBOARD_WIDGETS },
    });
    return false;
  }
  return commit(owner, next);
}

export async function dashboardRemoveWidget(
  owner: DashboardOwner,
  current: Dashboard,
  key: string,
): Promise<boolean> {
  return commit(owner, removeWidget(current, key));
}

/** A drag moved widgets: saved when the layouts really differ. */
export async function dashboardLayoutsChanged(
  owner: DashboardOwner,
  current: Dashboard,
  layouts: Partial<Record<string, readonly DashboardLayoutItem[]>>,
): Promise<boolean> {
  const next = layoutsChanged(current, layouts);
  if (sameLayouts(next.layouts, current.layouts)) return true;
  return commit(owner, next);
}

export function resetDashboardStore(): void {
  loading = null;
  useDashboardStore.setState({ owner: null, status: 'idle', dashboard: null }, true);
}
