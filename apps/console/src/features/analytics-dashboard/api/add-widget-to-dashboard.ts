import type { Query } from '@cubejs-client/core';
import type { ChartVariant } from '../../../core/analytics/index.ts';
import {
  loadDynamicPreferences,
  useDynamicPreferenceStore,
} from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { DASHBOARD_PATH, WIDGET_ADDED_NOTICE_MS, type WidgetProperties } from '../model/dashboard-model.ts';
import { dashboardAddWidget, effectiveDashboard, loadDashboard } from '../model/dashboard-store.ts';
import { fetchCommunityUserId, isFollowEnabled } from './dashboard-api.ts';

/** A widget another screen puts on the dashboard. */
export interface DashboardWidgetInput {
  /** A dashboard widget type (e.g. 'registrationsChart', 'postsCount') or the screen's own name. */
  widgetType: string;
  /** The Cube query of the chart; its date range and granularity follow the dashboard's. */
  query?: Query;
  /** How it is drawn: sets the matching render flag. */
  render?: ChartVariant;
  /** A translated title, or a message id. */
  title?: string;
  titleId?: string;
}

export function widgetProperties(widget: DashboardWidgetInput): WidgetProperties {
  const properties: WidgetProperties = { widgetType: widget.widgetType };
  if (widget.query) properties.query = widget.query;
  if (widget.title) properties.title = widget.title;
  if (widget.titleId) properties.titleId = widget.titleId;
  if (widget.render) properties[widget.render] = true;
  return properties;
}

async function followEnabledNow(): Promise<boolean> {
  if (!('follow_enabled' in useDynamicPreferenceStore.getState().values)) {
    await loadDynamicPreferences(['follow_enabled']);
  }
  return isFollowEnabled(useDynamicPreferenceStore.getState().values.follow_enabled);
}

/**
 * Adds a widget to the signed-in user's dashboard of the selected community and saves it; on success
 * shows the 3-second notice with the 'Go to dashboard' link (core §4, §9). Resolves true when saved.
 */
export async function addWidgetToDashboard(widget: DashboardWidgetInput): Promise<boolean> {
  const internalUrl = useStackStore.getState().selected?.internal_url;
  let userId: number;
  try {
    if (!internalUrl) throw new Error('No community selected');
    userId = await fetchCommunityUserId();
  } catch {
    notify({ messageId: 'analyticsDashboard.saveError', variant: 'error' });
    return false;
  }
  const owner = { internalUrl, userId };
  const saved = await loadDashboard(owner, true);
  const current = effectiveDashboard(saved, saved ? false : await followEnabledNow());
  const added = await dashboardAddWidget(owner, current, widgetProperties(widget));
  if (added) {
    notify({
      messageId: 'analyticsDashboard.widgetAdded',
      variant: 'success',
      autoHideDuration: WIDGET_ADDED_NOTICE_MS,
      action: { labelId: 'analyticsDashboard.goToDashboard', href: DASHBOARD_PATH },
    });
  }
  return added;
}
