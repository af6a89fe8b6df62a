import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import ListSubheader from '@mui/material/ListSubheader';
import { FormattedMessage } from 'react-intl';
import {
  CHART_TYPES,
  CHART_WIDGETS,
  COUNTER_TYPES,
  WIDGET_TITLE_MESSAGE,
  type WidgetProperties,
  type WidgetType,
} from '../model/dashboard-model.ts';

export interface AddWidgetDialogProps {
  open: boolean;
  followEnabled: boolean;
  onClose: () => void;
  onAdd: (properties: WidgetProperties) => void;
}

/** The properties of a new catalogue widget, with its default render flag. */
export function catalogueProperties(type: WidgetType): WidgetProperties {
  if (type === 'contributorsChart') return { widgetType: type, donut: true };
  if (type in CHART_WIDGETS) {
    const render = CHART_WIDGETS[type as keyof typeof CHART_WIDGETS].render;
    return { widgetType: type, [render]: true };
  }
  return { widgetType: type };
}

/** The widget types that can be added; follow replaces connections and drops the social density report. */
export function availableWidgetTypes(followEnabled: boolean): {
  counters: WidgetType[];
  charts: WidgetType[];
} {
  return {
    counters: COUNTER_TYPES.filter((type) =>
      followEnabled ? type !== 'connectionsCount' : type !== 'followersCount',
    ),
    charts: CHART_TYPES.filter((type) => !(followEnabled && type === 'socialDensityReport')),
  };
}

export function AddWidgetDialog({ open, followEnabled, onClose, onAdd }: AddWidgetDialogProps) {
  const { counters, charts } = availableWidgetTypes(followEnabled);
  const item = (type: WidgetType) => (
    <ListItemButton
      key={type}
      onClick={() => onAdd(catalogueProperties(type))}
      data-testid={`add-widget-${type}`}
    >
      <ListItemText primary={<FormattedMessage id={WIDGET_TITLE_MESSAGE[type]} />} />
    </ListItemButton>
  );
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs" data-testid="add-widget-dialog">
      <DialogTitle>
        <FormattedMessage id="analyticsDashboard.addWidget.title" />
      </DialogTitle>
      <DialogContent dividers sx={{ p: 0 }}>
        <List dense disablePadding>
          <ListSubheader>
            <FormattedMessage id="analyticsDashboard.addWidget.counters" />
          </ListSubheader>
          {counters.map(item)}
          <ListSubheader>
            <FormattedMessage id="analyticsDashboard.addWidget.charts" />
          </ListSubheader>
          {charts.map(item)}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="analyticsDashboard.cancel" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
