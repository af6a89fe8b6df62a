import AddOutlined from '@mui/icons-material/AddOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Responsive, useContainerWidth } from 'react-grid-layout';
import { defaultConstraints, maxSize, minSize } from 'react-grid-layout/core';
import 'react-grid-layout/css/styles.css';
import {
  AnalyticsError,
  DateRangePresetSelect,
  DEFAULT_DATE_RANGE,
  DEFAULT_GRANULARITY,
  GranularitySelect,
  resolveDateRange,
  type DateRangeValue,
  useRetryAnalyticsQueries,
  type Granularity,
} from '../../../core/analytics/index.ts';
import {
  useDynamicPreferences,
  useDynamicPreferenceStore,
} from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { useStackSelfQuery } from '../../../core/stack/stack-queries.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { isFollowEnabled } from '../api/dashboard-api.ts';
import { AddWidgetDialog } from '../components/add-widget-dialog.tsx';
import { DashboardWidget, DRAG_HANDLE_CLASS, widgetTitle } from '../components/dashboard-widget.tsx';
import { RemoveWidgetDialog } from '../components/remove-widget-dialog.tsx';
import type { DashboardPeriod } from '../components/widget-queries.ts';
import {
  applyLayoutAction,
  breakpointAt,
  MAX_WIDGET_H,
  MIN_WIDGET_H,
  MIN_WIDGET_W,
  type LayoutAction,
} from '../model/keyboard-layout.ts';
import {
  DASHBOARD_BREAKPOINTS,
  DASHBOARD_COLS,
  DASHBOARD_MARGIN,
  DASHBOARD_ROW_HEIGHT,
  MAX_DASHBOARD_WIDGETS,
  type DashboardComponent,
  type DashboardLayoutItem,
  type WidgetProperties,
} from '../model/dashboard-model.ts';
import {
  dashboardAddWidget,
  dashboardLayoutsChanged,
  dashboardRemoveWidget,
  effectiveDashboard,
  loadDashboard,
  useDashboardStore,
  type DashboardOwner,
} from '../model/dashboard-store.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

const FOLLOW = ['follow_enabled'];

/** A mouse resize stops where the keyboard's does: two columns and two rows, up to the grid's width and 24 rows. */
const GRID_CONSTRAINTS = [
  ...defaultConstraints,
  minSize(MIN_WIDGET_W, MIN_WIDGET_H),
  maxSize(Math.max(...Object.values(DASHBOARD_COLS)), MAX_WIDGET_H),
];

/** Read by screen readers, not shown. */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  // Strings: in sx a number up to 1 is a fraction of the parent (1 would be 100%).
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/** Pixel height of an item h rows tall. */
export function rowsToPixels(h: number): number {
  return h * DASHBOARD_ROW_HEIGHT + Math.max(0, h - 1) * DASHBOARD_MARGIN[1];
}

function DashboardSkeleton() {
  return (
    <Grid container spacing={2} data-testid="dashboard-loading">
      {Array.from({ length: 4 }, (_, index) => (
        <Grid key={index} size={{ xs: 6, md: 3 }}>
          <Skeleton variant="rounded" height={rowsToPixels(3)} />
        </Grid>
      ))}
      {Array.from({ length: 2 }, (_, index) => (
        <Grid key={`chart-${index}`} size={{ xs: 12, md: 6 }}>
          <Skeleton variant="rounded" height={rowsToPixels(9)} />
        </Grid>
      ))}
    </Grid>
  );
}

/** The analytics dashboard (core §3, §4, §9): a draggable grid of widgets saved per community user. */
export default function AnalyticsDashboardPage() {
  const intl = useIntl();
  const retryAnalytics = useRetryAnalyticsQueries();
  const internalUrl = useInternalUrl();
  const self = useStackSelfQuery();
  const userId = self.data?.userId;
  const owner = useMemo<DashboardOwner | null>(
    () => (internalUrl && userId !== undefined ? { internalUrl, userId } : null),
    [internalUrl, userId],
  );
  const preferences = useDynamicPreferences(FOLLOW);
  const followLoading = useDynamicPreferenceStore((state) => state.loading.includes('follow_enabled'));
  const followKnown = 'follow_enabled' in preferences.values;
  // The preference could not be read: the default is built as if follow were off.
  const followFailed =
    useDynamicPreferenceStore(
      (state) => state.internalUrl === internalUrl && !('follow_enabled' in state.values),
    ) && !followLoading;
  const followEnabled = isFollowEnabled(preferences.values.follow_enabled);

  const status = useDashboardStore((state) => state.status);
  const storeOwner = useDashboardStore((state) => state.owner);
  const saved = useDashboardStore((state) => state.dashboard);
  useEffect(() => {
    if (owner) void loadDashboard(owner, true);
  }, [owner]);

  const ownerKey = owner ? `${owner.internalUrl}#${owner.userId}` : null;
  const loaded = status === 'loaded' && storeOwner === ownerKey;
  const ready = loaded && (saved !== null || followKnown || followFailed);
  const dashboard = useMemo(
    () => (ready ? effectiveDashboard(saved, followEnabled) : null),
    [ready, saved, followEnabled],
  );

  const [granularity, setGranularity] = useState<Granularity>(DEFAULT_GRANULARITY);
  const [range, setRange] = useState<DateRangeValue>(DEFAULT_DATE_RANGE);
  const period = useMemo<DashboardPeriod>(
    () => ({ value: range, range: resolveDateRange(range), granularity }),
    [range, granularity],
  );
  // Only admins read why the engine refused a widget's query; others get a plain sentence.
  const isAdmin = useStackStore((state) => state.selected?.roles.includes('admin') ?? false);
  const [announcement, setAnnouncement] = useState('');

  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<DashboardComponent | null>(null);
  const [failures, setFailures] = useState<ReadonlySet<string>>(() => new Set());
  const onFailure = useCallback((key: string, failed: boolean) => {
    setFailures((current) => {
      if (current.has(key) === failed) return current;
      const next = new Set(current);
      if (failed) next.add(key);
      else next.delete(key);
      return next;
    });
  }, []);

  const { width, containerRef, mounted } = useContainerWidth();

  const add = (properties: WidgetProperties) => {
    setAdding(false);
    if (owner && dashboard) void dashboardAddWidget(owner, dashboard, properties);
  };
  const confirmRemove = () => {
    const component = removing;
    setRemoving(null);
    if (owner && dashboard && component) void dashboardRemoveWidget(owner, dashboard, component.key);
  };
  const onLayoutChange = (
    _layout: unknown,
    layouts: Partial<Record<string, readonly DashboardLayoutItem[]>>,
  ) => {
    if (owner && dashboard) void dashboardLayoutsChanged(owner, dashboard, layouts);
  };

  // The keyboard's moves and sizes: one step on the layout the grid shows now, saved as a drag is.
  const breakpoint = breakpointAt(width);
  const canApplyLayout = (key: string, action: LayoutAction) =>
    dashboard !== null &&
    applyLayoutAction(dashboard.layouts[breakpoint], key, action, DASHBOARD_COLS[breakpoint]) !== null;
  const onLayoutAction = (component: DashboardComponent, title: string, action: LayoutAction) => {
    if (!owner || !dashboard) return;
    const next = applyLayoutAction(
      dashboard.layouts[breakpoint],
      component.key,
      action,
      DASHBOARD_COLS[breakpoint],
    );
    const item = next?.find((entry) => entry.i === component.key);
    if (!next || !item) {
      setAnnouncement(intl.formatMessage({ id: 'analyticsDashboard.layout.refused' }, { title }));
      return;
    }
    void dashboardLayoutsChanged(owner, dashboard, { [breakpoint]: next });
    setAnnouncement(
      intl.formatMessage(
        { id: 'analyticsDashboard.layout.done' },
        { title, column: item.x + 1, row: item.y + 1, width: item.w, height: item.h },
      ),
    );
  };

  const heightOf = (key: string) => {
    const item = dashboard?.layouts[breakpoint].find((entry) => entry.i === key);
    return rowsToPixels(item?.h ?? 9);
  };
  const full = (dashboard?.components.length ?? 0) >= MAX_DASHBOARD_WIDGETS;

  return (
    <Box data-testid="analytics-dashboard">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { xs: 'stretch', md: 'center' } }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="analyticsDashboard.title" />
        </Typography>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { sm: 'flex-start' }, flexWrap: 'wrap' }}
        >
          <GranularitySelect value={granularity} onChange={setGranularity} />
          <DateRangePresetSelect value={range} onChange={setRange} />
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setAdding(true)}
            disabled={!dashboard || full}
            data-testid="add-widget"
            sx={{ whiteSpace: 'nowrap', minHeight: 40 }}
          >
            <FormattedMessage id="analyticsDashboard.addWidget" />
          </Button>
        </Stack>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }} data-testid="period-note">
        <FormattedMessage id="analyticsDashboard.period.note" />
      </Typography>
      <Box role="status" aria-live="polite" data-testid="layout-announcement" sx={VISUALLY_HIDDEN}>
        {announcement}
      </Box>
      {full && (
        <Alert severity="info" sx={{ mb: 2 }}>
          <FormattedMessage id="analyticsDashboard.full" values={{ max: MAX_DASHBOARD_WIDGETS }} />
        </Alert>
      )}
      {failures.size > 0 && (
        <Box sx={{ mb: 2 }}>
          <AnalyticsError onRetry={() => void retryAnalytics()} />
        </Box>
      )}
      <Box ref={containerRef} data-testid="dashboard-grid">
        {!dashboard || !mounted ? (
          <DashboardSkeleton />
        ) : (
          <Responsive
            width={width}
            breakpoints={DASHBOARD_BREAKPOINTS}
            cols={DASHBOARD_COLS}
            layouts={dashboard.layouts}
            margin={DASHBOARD_MARGIN}
            containerPadding={[0, 0]}
            rowHeight={DASHBOARD_ROW_HEIGHT}
            dragConfig={{ enabled: true, handle: `.${DRAG_HANDLE_CLASS}` }}
            resizeConfig={{ enabled: true, handles: ['se'] }}
            constraints={GRID_CONSTRAINTS}
            onLayoutChange={onLayoutChange}
          >
            {dashboard.components.map((component) => (
              <div key={component.key} data-testid={`grid-item-${component.key}`}>
                <DashboardWidget
                  component={component}
                  period={period}
                  height={heightOf(component.key)}
                  onRemove={setRemoving}
                  onFailure={onFailure}
                  showErrorReason={isAdmin}
                  canApplyLayout={canApplyLayout}
                  onLayoutAction={onLayoutAction}
                />
              </div>
            ))}
          </Responsive>
        )}
      </Box>
      <AddWidgetDialog
        open={adding}
        followEnabled={followEnabled}
        onClose={() => setAdding(false)}
        onAdd={add}
      />
      <RemoveWidgetDialog
        title={removing ? widgetTitle(intl, removing) : null}
        onCancel={() => setRemoving(null)}
        onConfirm={confirmRemove}
      />
    </Box>
  );
}
