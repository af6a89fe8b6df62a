import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { FormattedMessage } from 'react-intl';

interface Props {
  username: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before ignoring a registration request. */
export function IgnoreConfirmDialog({ username, busy, onCancel, onConfirm }: Props) {
  return (
    <Dialog open={username !== null} onClose={onCancel} data-testid="approval-ignore-dialog">
      <DialogTitle>
        <FormattedMessage id="registrationApproval.ignore.title" />
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          <FormattedMessage id="registrationApproval.ignore.text" values={{ username: username ?? '' }} />
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>
          <FormattedMessage id="registrationApproval.cancel" />
        </Button>
        <Button color="warning" onClick={onConfirm} disabled={busy} data-testid="approval-ignore-confirm">
          <FormattedMessage id="registrationApproval.action.ignore" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
