import CloseOutlined from '@mui/icons-material/CloseOutlined';
import DragIndicator from '@mui/icons-material/DragIndicator';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Tooltip from '@mui/material/Tooltip';
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
import type { DashboardPeriod } from './widget-queries.ts';

export const DRAG_HANDLE_CLASS = 'dashboard-drag-handle';

export interface DashboardWidgetProps {
  component: DashboardComponent;
  period: DashboardPeriod;
  /** Pixel height of the grid cell. */
  height: number;
  onRemove: (component: DashboardComponent) => void;
  onFailure: WidgetBodyProps['onFailure'];
}

export function widgetTitle(intl: IntlShape, component: DashboardComponent): string {
  const { title, titleId, widgetType } = component.componentProperties;
  if (title) return title;
  const id = titleId ?? WIDGET_TITLE_MESSAGE[widgetType as WidgetType];
  return id && intl.messages[id] !== undefined ? intl.formatMessage({ id }) : widgetType;
}

/** One dashboard cell: drag handle, title, remove button and the widget itself. */
export function DashboardWidget({ component, period, height, onRemove, onFailure }: DashboardWidgetProps) {
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
  };
  const removeLabel = intl.formatMessage({ id: 'analyticsDashboard.remove' });
  const dragLabel = intl.formatMessage({ id: 'analyticsDashboard.drag' });
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
        <Tooltip title={dragLabel}>
          <Box
            className={DRAG_HANDLE_CLASS}
            data-testid={`drag-handle-${component.key}`}
            // A grip for the mouse: named as an image (a plain div may carry no label).
            role="img"
            aria-label={dragLabel}
            sx={{ cursor: 'grab', display: 'flex', color: 'text.secondary', touchAction: 'none' }}
          >
            <DragIndicator fontSize="small" />
          </Box>
        </Tooltip>
        {!counter && (
          <Typography variant="subtitle2" component="h2" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {title}
          </Typography>
        )}
        {counter && <Box sx={{ flex: 1 }} />}
        <IconButton
          size="small"
          aria-label={removeLabel}
          title={removeLabel}
          onClick={() => onRemove(component)}
          data-testid={`remove-widget-${component.key}`}
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
