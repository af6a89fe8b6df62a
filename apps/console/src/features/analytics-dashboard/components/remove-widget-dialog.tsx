import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';

export interface RemoveWidgetDialogProps {
  title: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a widget leaves the dashboard. */
export function RemoveWidgetDialog({ title, onCancel, onConfirm }: RemoveWidgetDialogProps) {
  return (
    <Dialog open={title !== null} onClose={onCancel} maxWidth="xs" data-testid="remove-widget-dialog">
      <DialogTitle>
        <FormattedMessage id="analyticsDashboard.removeConfirm.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage id="analyticsDashboard.removeConfirm.text" values={{ title: title ?? '' }} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id="analyticsDashboard.cancel" />
        </Button>
        <Button color="error" variant="contained" onClick={onConfirm} data-testid="remove-widget-confirm">
          <FormattedMessage id="analyticsDashboard.remove" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
