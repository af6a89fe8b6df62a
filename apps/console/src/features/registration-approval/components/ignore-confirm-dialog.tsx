import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

interface Props {
  username: string | null;
  busy: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before ignoring a registration request. */
export function IgnoreConfirmDialog({ username, busy, onCancel, onConfirm }: Props) {
  return (
    <ConfirmDialog
      open={username !== null}
      title={<FormattedMessage id="registrationApproval.ignore.title" />}
      text={<FormattedMessage id="registrationApproval.ignore.text" values={{ username: username ?? '' }} />}
      cancelLabel={<FormattedMessage id="registrationApproval.cancel" />}
      confirmLabel={<FormattedMessage id="registrationApproval.action.ignore" />}
      tone="warning"
      busy={busy}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="approval-ignore-dialog"
      confirmTestId="approval-ignore-confirm"
    />
  );
}
