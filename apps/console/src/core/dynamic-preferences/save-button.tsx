import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import { FormattedMessage } from 'react-intl';

/** The save button every settings form shares: disabled while saving, with a small progress. */
export function SaveButton({
  saving,
  disabled,
  onClick,
}: {
  saving: boolean;
  disabled?: boolean;
  onClick?: () => void;
}) {
  return (
    <Button
      type={onClick ? 'button' : 'submit'}
      variant="contained"
      disabled={saving || disabled}
      onClick={onClick}
      startIcon={saving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      data-testid="settings-save"
    >
      <FormattedMessage id={saving ? 'settings.saving' : 'settings.save'} />
    </Button>
  );
}
