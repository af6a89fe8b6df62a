import CloseOutlined from '@mui/icons-material/CloseOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useIntl, type IntlShape } from 'react-intl';
import {
  isCounterType,
  WIDGET_TITLE_MESSAGE,
  type DashboardComponent,
  type WidgetType,
} from '../model/dashboard-model.ts';
import {
  ChartBody,
  ContributorsBody,
  CounterBody,
  SocialDensityBody,
  type WidgetBodyProps,
} from './widget-bodies.tsx';
import type { LayoutAction } from '../model/keyboard-layout.ts';
import { WidgetLayoutMenu } from './widget-layout-menu.tsx';
import { WidgetPeriod } from './widget-period.tsx';
import { widgetCoverage, type DashboardPeriod } from './widget-queries.ts';

export { DRAG_HANDLE_CLASS } from './widget-layout-menu.tsx';

export interface DashboardWidgetProps {
  component: DashboardComponent;
  period: DashboardPeriod;
  /** Pixel height of the grid cell. */
  height: number;
  onRemove: (component: DashboardComponent) => void;
  onFailure: WidgetBodyProps['onFailure'];
  /** Whether the reader may see why the engine refused a widget's query (admins). */
  showErrorReason: boolean;
  canApplyLayout: (key: string, action: LayoutAction) => boolean;
  onLayoutAction: (component: DashboardComponent, title: string, action: LayoutAction) => void;
}

export function widgetTitle(intl: IntlShape, component: DashboardComponent): string {
  const { title, titleId, widgetType } = component.componentProperties;
  if (title) return title;
  const id = titleId ?? WIDGET_TITLE_MESSAGE[widgetType as WidgetType];
  return id && intl.messages[id] !== undefined ? intl.formatMessage({ id }) : widgetType;
}

/**
 * One dashboard cell: the grip (drag, or the move and resize menu), title, the period its figures
 * cover, remove button and the widget itself.
 */
export function DashboardWidget({
  component,
  period,
  height,
  onRemove,
  onFailure,
  showErrorReason,
  canApplyLayout,
  onLayoutAction,
}: DashboardWidgetProps) {
  const intl = useIntl();
  const title = widgetTitle(intl, component);
  const properties = component.componentProperties;
  const counter = isCounterType(properties.widgetType);
  const bodyProps: WidgetBodyProps = {
    widgetKey: component.key,
    properties,
    period,
    height: Math.max(80, height - 56),
    title,
    onFailure,
    showErrorReason,
  };
  const removeLabel = intl.formatMessage({ id: 'analyticsDashboard.remove' });
  return (
    <Paper
      variant="outlined"
      data-testid={`widget-${component.key}`}
      data-widget-type={properties.widgetType}
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        p: 1.25,
        overflow: 'hidden',
        borderRadius: 2,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, minHeight: 28 }}>
        <WidgetLayoutMenu
          widgetKey={component.key}
          title={title}
          canApply={(action) => canApplyLayout(component.key, action)}
          onAction={(action) => onLayoutAction(component, title, action)}
        />
        {!counter && (
          <Typography variant="subtitle2" component="h2" noWrap sx={{ flexShrink: 1, minWidth: 0 }}>
            {title}
          </Typography>
        )}
        <Box
          sx={{
            flex: '1 1 0',
            minWidth: 0,
            display: 'flex',
            justifyContent: counter ? 'flex-start' : 'flex-end',
          }}
        >
          <WidgetPeriod
            widgetKey={component.key}
            coverage={widgetCoverage(properties, period)}
            period={period}
          />
        </Box>
        <IconButton
          size="small"
          aria-label={removeLabel}
          title={removeLabel}
          onClick={() => onRemove(component)}
          data-testid={`remove-widget-${component.key}`}
          sx={{ p: 0.25 }}
        >
          <CloseOutlined fontSize="small" />
        </IconButton>
      </Box>
      <Box sx={{ flex: 1, minHeight: 0, px: counter ? 0.5 : 0 }}>
        {counter ? (
          <CounterBody {...bodyProps} />
        ) : properties.widgetType === 'socialDensityReport' ? (
          <SocialDensityBody {...bodyProps} />
        ) : properties.widgetType === 'contributorsChart' ? (
          <ContributorsBody {...bodyProps} />
        ) : (
          <ChartBody {...bodyProps} />
        )}
      </Box>
    </Paper>
  );
}
