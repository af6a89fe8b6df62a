import type { Query } from '@cubejs-client/core';
import type { ChartVariant } from '../../../core/analytics/index.ts';

/** Dashboard grid constants (core §3, §9). */
export const DASHBOARD_BREAKPOINTS = { lg: 1280, md: 960, sm: 600, xs: 480, xss: 400 } as const;
export type DashboardBreakpoint = keyof typeof DASHBOARD_BREAKPOINTS;
export const BREAKPOINT_NAMES = [
  'lg',
  'md',
  'sm',
  'xs',
  'xss',
] as const satisfies readonly DashboardBreakpoint[];
export const DASHBOARD_COLS: Record<DashboardBreakpoint, number> = {
  lg: 12,
  md: 12,
  sm: 12,
  xs: 12,
  xss: 12,
};
export const DASHBOARD_MARGIN: readonly [number, number] = [18, 18];
export const DASHBOARD_ROW_HEIGHT = 33;
export const MAX_DASHBOARD_WIDGETS = 16;
/** The widget-added notice (core §9). */
export const WIDGET_ADDED_NOTICE_MS = 3000;
export const DASHBOARD_PATH = '/social_analytics/dashboard';

export interface DashboardLayoutItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

export type DashboardLayouts = Record<DashboardBreakpoint, DashboardLayoutItem[]>;

/** Properties of a widget: its type and the render flags (table, line, bar, donut) that pick the variant. */
export interface WidgetProperties {
  widgetType: string;
  /** A translated title given by the screen that added the widget. */
  title?: string;
  /** Or a message id. */
  titleId?: string;
  /** The Cube query of a chart added from an analytics screen (its date range follows the dashboard). */
  query?: Query;
  table?: boolean;
  line?: boolean;
  bar?: boolean;
  donut?: boolean;
  [flag: string]: unknown;
}

export interface DashboardTab {
  label: string;
  componentProperties: WidgetProperties;
}

export type WidgetKind = 'SimpleWidget' | 'CustomTabs';

export interface DashboardComponent {
  key: string;
  widgetType: WidgetKind;
  component: string;
  componentProperties: WidgetProperties;
  tabs?: DashboardTab[];
}

export interface Dashboard {
  components: DashboardComponent[];
  layouts: DashboardLayouts;
}

// --- The widget catalogue ---

export const COUNTER_TYPES = [
  'postsCount',
  'votesReceivedCount',
  'commentsCount',
  'connectionsCount',
  'followersCount',
  'totalUsersCount',
  'newRegistrationCount',
  'usersWithAtLeastOnePostCount',
] as const;
export type CounterType = (typeof COUNTER_TYPES)[number];

/**
 * Counters → Cube members (the analytics brief). A counter of events (posts, appreciations, comments,
 * new registrations, members who posted) counts those within the dashboard's period, on its time
 * dimension; a counter of what stands now (members, connections, followers) has none: it is all-time
 * and says so ('All time'), so the period picker governs every figure it appears to govern.
 */
export const COUNTER_MEMBERS: Record<CounterType, { measure: string; timeDimension?: string }> = {
  postsCount: { measure: 'Contributions.count', timeDimension: 'Contributions.createdAt' },
  votesReceivedCount: { measure: 'Votes.count', timeDimension: 'Votes.createdAt' },
  commentsCount: { measure: 'Comments.count', timeDimension: 'Comments.createdAt' },
  connectionsCount: { measure: 'Connections.count' },
  followersCount: { measure: 'Follows.count' },
  totalUsersCount: { measure: 'Users.count' },
  newRegistrationCount: { measure: 'Users.newRegistrations', timeDimension: 'Users.registeredAt' },
  usersWithAtLeastOnePostCount: {
    measure: 'Contributions.contributors',
    timeDimension: 'Contributions.createdAt',
  },
};

export const CHART_TYPES = [
  'registrationsChart',
  'contributionsChart',
  'contributorsChart',
  'socialDensityReport',
  'accessesChart',
  'commentsChart',
  'appreciationsChart',
  'contentTypesChart',
  'devicesChart',
  'registrationSourcesChart',
  'categoriesTable',
] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export type WidgetType = CounterType | ChartType;

export function isCounterType(value: string): value is CounterType {
  return (COUNTER_TYPES as readonly string[]).includes(value);
}

export function isChartType(value: string): value is ChartType {
  return (CHART_TYPES as readonly string[]).includes(value);
}

/** Chart widgets: the query (time dimension filled in by the dashboard) and the default render flag. */
export const CHART_WIDGETS: Record<
  Exclude<ChartType, 'contributorsChart' | 'socialDensityReport'>,
  { query: Query; timeDimension: string; render: ChartVariant; granular: boolean }
> = {
  registrationsChart: {
    query: { measures: ['Users.newRegistrations'] },
    timeDimension: 'Users.registeredAt',
    render: 'line',
    granular: true,
  },
  contributionsChart: {
    query: {
      measures: [
        'Contributions.posts',
        'Contributions.discussions',
        'Contributions.statuses',
        'Contributions.polls',
      ],
    },
    timeDimension: 'Contributions.createdAt',
    render: 'bar',
    granular: true,
  },
  accessesChart: {
    query: { measures: ['Logins.uniqueUsers'] },
    timeDimension: 'Logins.at',
    render: 'line',
    granular: true,
  },
  commentsChart: {
    query: { measures: ['Comments.count'] },
    timeDimension: 'Comments.createdAt',
    render: 'line',
    granular: true,
  },
  appreciationsChart: {
    query: { measures: ['Votes.count'] },
    timeDimension: 'Votes.createdAt',
    render: 'bar',
    granular: true,
  },
  contentTypesChart: {
    query: { measures: ['Contributions.count'], dimensions: ['Contributions.type'] },
    timeDimension: 'Contributions.createdAt',
    render: 'donut',
    granular: false,
  },
  devicesChart: {
    query: { measures: ['Users.count'], dimensions: ['Users.device'] },
    timeDimension: 'Users.registeredAt',
    render: 'donut',
    granular: false,
  },
  registrationSourcesChart: {
    query: { measures: ['Users.fromDesktop', 'Users.fromApp'] },
    timeDimension: 'Users.registeredAt',
    render: 'donut',
    granular: false,
  },
  categoriesTable: {
    query: {
      measures: ['Contributions.count'],
      dimensions: ['Categories.name'],
      order: { 'Contributions.count': 'desc' },
      limit: 10,
    },
    timeDimension: 'Contributions.createdAt',
    render: 'table',
    granular: false,
  },
};

/** Message ids of the widget titles. */
export const WIDGET_TITLE_MESSAGE: Record<WidgetType, string> = {
  postsCount: 'analyticsDashboard.widget.postsCount',
  votesReceivedCount: 'analyticsDashboard.widget.votesReceivedCount',
  commentsCount: 'analyticsDashboard.widget.commentsCount',
  connectionsCount: 'analyticsDashboard.widget.connectionsCount',
  followersCount: 'analyticsDashboard.widget.followersCount',
  totalUsersCount: 'analyticsDashboard.widget.totalUsersCount',
  newRegistrationCount: 'analyticsDashboard.widget.newRegistrationCount',
  usersWithAtLeastOnePostCount: 'analyticsDashboard.widget.usersWithAtLeastOnePostCount',
  registrationsChart: 'analyticsDashboard.widget.registrationsChart',
  contributionsChart: 'analyticsDashboard.widget.contributionsChart',
  contributorsChart: 'analyticsDashboard.widget.contributorsChart',
  socialDensityReport: 'analyticsDashboard.widget.socialDensityReport',
  accessesChart: 'analyticsDashboard.widget.accessesChart',
  commentsChart: 'analyticsDashboard.widget.commentsChart',
  appreciationsChart: 'analyticsDashboard.widget.appreciationsChart',
  contentTypesChart: 'analyticsDashboard.widget.contentTypesChart',
  devicesChart: 'analyticsDashboard.widget.devicesChart',
  registrationSourcesChart: 'analyticsDashboard.widget.registrationSourcesChart',
  categoriesTable: 'analyticsDashboard.widget.categoriesTable',
};

// --- Rendering ---

export type RenderVariant = ChartVariant | string;

/** table, line, bar or donut according to the flags present, else the widget type (core §4). */
export function renderVariant(properties: WidgetProperties): RenderVariant {
  if (properties.table) return 'table';
  if (properties.line) return 'line';
  if (properties.bar) return 'bar';
  if (properties.donut) return 'donut';
  return properties.widgetType;
}

export function componentNameOf(properties: WidgetProperties): string {
  if (isCounterType(properties.widgetType)) return 'CounterWidget';
  if (properties.widgetType === 'socialDensityReport') return 'SocialDensityWidget';
  if (properties.widgetType === 'contributorsChart') return 'ContributorsWidget';
  return 'ChartWidget';
}

// --- Sizes ---

type Size = Pick<DashboardLayoutItem, 'w' | 'h'>;

/** A counter: 4 per row on lg/md, 2 per row below. */
const COUNTER_SIZE: Record<DashboardBreakpoint, Size> = {
  lg: { w: 3, h: 3 },
  md: { w: 3, h: 3 },
  sm: { w: 6, h: 3 },
  xs: { w: 6, h: 3 },
  xss: { w: 6, h: 3 },
};

/** A chart: 2 per row on lg/md, full width below. */
const CHART_SIZE: Record<DashboardBreakpoint, Size> = {
  lg: { w: 6, h: 9 },
  md: { w: 6, h: 9 },
  sm: { w: 12, h: 9 },
  xs: { w: 12, h: 9 },
  xss: { w: 12, h: 9 },
};

export function widgetSize(properties: WidgetProperties, breakpoint: DashboardBreakpoint): Size {
  return (isCounterType(properties.widgetType) ? COUNTER_SIZE : CHART_SIZE)[breakpoint];
}

// --- Building and changing a dashboard (pure) ---

export function emptyLayouts(): DashboardLayouts {
  return { lg: [], md: [], sm: [], xs: [], xss: [] };
}

/** The bottom of a layout (first free row). */
export function layoutBottom(items: readonly DashboardLayoutItem[]): number {
  return items.reduce((bottom, item) => Math.max(bottom, item.y + item.h), 0);
}

/**
 * Places an item at the bottom: beside the items of the last row when they have its height and there
 * is room, else on a new row below everything.
 */
function placeAtBottom(
  items: readonly DashboardLayoutItem[],
  i: string,
  size: Size,
  cols: number,
): DashboardLayoutItem {
  const bottom = layoutBottom(items);
  if (items.length > 0) {
    const lastTop = items.reduce((top, item) => Math.max(top, item.y), 0);
    const lastRow = items.filter((item) => item.y === lastTop);
    const usedWidth = lastRow.reduce((right, item) => Math.max(right, item.x + item.w), 0);
    const fits =
      bottom === lastTop + size.h && lastRow.every((item) => item.h === size.h) && usedWidth + size.w <= cols;
    if (fits) return { i, x: usedWidth, y: lastTop, w: size.w, h: size.h };
  }
  return { i, x: 0, y: bottom, w: size.w, h: size.h };
}

function makeComponent(key: string, properties: WidgetProperties): DashboardComponent {
  return {
    key,
    widgetType: 'SimpleWidget',
    component: componentNameOf(properties),
    componentProperties: properties,
  };
}

/** The highest numeric key plus one ('1' for an empty dashboard). */
export function nextWidgetKey(dashboard: Dashboard): string {
  const highest = dashboard.components.reduce((max, component) => {
    const numeric = Number.parseInt(component.key, 10);
    return Number.isFinite(numeric) ? Math.max(max, numeric) : max;
  }, 0);
  return String(highest + 1);
}

/**
 * Adds a widget (core §4): key = highest key + 1, placed at the bottom on all five breakpoints.
 * Null when the 16 slots are taken.
 */
export function addWidget(dashboard: Dashboard, properties: WidgetProperties): Dashboard | null {
  if (dashboard.components.length >= MAX_DASHBOARD_WIDGETS) return null;
  const key = nextWidgetKey(dashboard);
  const layouts = emptyLayouts();
  for (const breakpoint of BREAKPOINT_NAMES) {
    const items = dashboard.layouts[breakpoint] ?? [];
    layouts[breakpoint] = [
      ...items,
      placeAtBottom(items, key, widgetSize(properties, breakpoint), DASHBOARD_COLS[breakpoint]),
    ];
  }
  return { components: [...dashboard.components, makeComponent(key, properties)], layouts };
}

export function removeWidget(dashboard: Dashboard, key: string): Dashboard {
  const layouts = emptyLayouts();
  for (const breakpoint of BREAKPOINT_NAMES) {
    layouts[breakpoint] = (dashboard.layouts[breakpoint] ?? []).filter((item) => item.i !== key);
  }
  return { components: dashboard.components.filter((component) => component.key !== key), layouts };
}

function cleanItem(item: DashboardLayoutItem): DashboardLayoutItem {
  return { i: String(item.i), x: item.x, y: item.y, w: item.w, h: item.h };
}

/** Layouts changed by a drag (or by the grid fitting them): kept for the known widgets only. */
export function layoutsChanged(
  dashboard: Dashboard,
  changed: Partial<Record<string, readonly DashboardLayoutItem[]>>,
): Dashboard {
  const keys = new Set(dashboard.components.map((component) => component.key));
  const layouts = { ...dashboard.layouts };
  for (const breakpoint of BREAKPOINT_NAMES) {
    const items = changed[breakpoint];
    if (items) layouts[breakpoint] = items.filter((item) => keys.has(String(item.i))).map(cleanItem);
  }
  return { ...dashboard, layouts };
}

function sortedItems(items: readonly DashboardLayoutItem[]): string {
  return JSON.stringify(items.map(cleanItem).sort((a, b) => (a.i < b.i ? -1 : a.i > b.i ? 1 : 0)));
}

export function sameLayouts(a: DashboardLayouts, b: DashboardLayouts): boolean {
  return BREAKPOINT_NAMES.every(
    (breakpoint) => sortedItems(a[breakpoint] ?? []) === sortedItems(b[breakpoint] ?? []),
  );
}

/** The default dashboard built from the community's preferences (core §4). */
export function buildDefaultDashboard(followEnabled: boolean): Dashboard {
  const counters: CounterType[] = [
    'postsCount',
    'votesReceivedCount',
    'commentsCount',
    followEnabled ? 'followersCount' : 'connectionsCount',
    'totalUsersCount',
    'newRegistrationCount',
    'usersWithAtLeastOnePostCount',
  ];
  const charts: WidgetProperties[] = [
    { widgetType: 'registrationsChart', line: true },
    { widgetType: 'contributionsChart', bar: true },
    { widgetType: 'contributorsChart', donut: true },
    ...(followEnabled ? [] : [{ widgetType: 'socialDensityReport' }]),
  ];
  let dashboard: Dashboard = { components: [], layouts: emptyLayouts() };
  for (const properties of [...counters.map((widgetType) => ({ widgetType })), ...charts]) {
    dashboard = addWidget(dashboard, properties) ?? dashboard;
  }
  return dashboard;
}

// --- Saved JSON ---

function isLayoutItem(value: unknown): value is DashboardLayoutItem {
  if (typeof value !== 'object' || value === null) return false;
  const item = value as Record<string, unknown>;
  return (
    (typeof item.i === 'string' || typeof item.i === 'number') &&
    ['x', 'y', 'w', 'h'].every((name) => typeof item[name] === 'number' && Number.isFinite(item[name]))
  );
}

/**
 * The saved dashboard, or null when it is empty, '[]' or unusable (the caller then builds the default).
 */
export function parseDashboard(layout: string | null | undefined): Dashboard | null {
  if (!layout || layout.trim() === '' || layout.trim() === '[]') return null;
  let value: unknown;
  try {
    value = JSON.parse(layout);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as { components?: unknown; layouts?: unknown };
  if (!Array.isArray(raw.components)) return null;
  const components: DashboardComponent[] = [];
  for (const entry of raw.components) {
    const candidate = entry as Partial<DashboardComponent> | null;
    const properties = candidate?.componentProperties;
    if (!candidate || candidate.key === undefined || !properties || typeof properties.widgetType !== 'string')
      continue;
    components.push({
      key: String(candidate.key),
      widgetType: candidate.widgetType === 'CustomTabs' ? 'CustomTabs' : 'SimpleWidget',
      component: typeof candidate.component === 'string' ? candidate.component : componentNameOf(properties),
      componentProperties: properties,
      ...(Array.isArray(candidate.tabs) ? { tabs: candidate.tabs } : {}),
    });
  }
  if (components.length === 0) return null;
  const keys = new Set(components.map((component) => component.key));
  const layouts = emptyLayouts();
  const rawLayouts = (typeof raw.layouts === 'object' && raw.layouts !== null ? raw.layouts : {}) as Record<
    string,
    unknown
  >;
  for (const breakpoint of BREAKPOINT_NAMES) {
    const items = Array.isArray(rawLayouts[breakpoint]) ? (rawLayouts[breakpoint] as unknown[]) : [];
    layouts[breakpoint] = items
      .filter(isLayoutItem)
      .map(cleanItem)
      .filter((item) => keys.has(item.i));
    // A widget missing from a breakpoint gets a slot at the bottom.
    for (const component of components) {
      if (!layouts[breakpoint].some((item) => item.i === component.key)) {
        layouts[breakpoint].push(
          placeAtBottom(
            layouts[breakpoint],
            component.key,
            widgetSize(component.componentProperties, breakpoint),
            DASHBOARD_COLS[breakpoint],
          ),
        );
      }
    }
  }
  return { components: components.slice(0, MAX_DASHBOARD_WIDGETS), layouts };
}

export function serializeDashboard(dashboard: Dashboard): string {
  return JSON.stringify(dashboard);
}
