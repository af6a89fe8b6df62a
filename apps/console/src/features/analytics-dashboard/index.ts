/** What other screens use from the dashboard: putting a widget on it. */
export { addWidgetToDashboard, type DashboardWidgetInput } from './api/add-widget-to-dashboard.ts';
export { DASHBOARD_PATH, WIDGET_ADDED_NOTICE_MS } from './model/dashboard-model.ts';
