import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

export interface RemoveWidgetDialogProps {
  title: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** Asks before a widget leaves the dashboard. */
export function RemoveWidgetDialog({ title, onCancel, onConfirm }: RemoveWidgetDialogProps) {
  return (
    <ConfirmDialog
      open={title !== null}
      title={<FormattedMessage id="analyticsDashboard.removeConfirm.title" />}
      text={<FormattedMessage id="analyticsDashboard.removeConfirm.text" values={{ title: title ?? '' }} />}
      cancelLabel={<FormattedMessage id="analyticsDashboard.cancel" />}
      confirmLabel={<FormattedMessage id="analyticsDashboard.remove" />}
      onCancel={onCancel}
      onConfirm={onConfirm}
      testId="remove-widget-dialog"
      confirmTestId="remove-widget-confirm"
    />
  );
}
