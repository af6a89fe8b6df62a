import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { FormattedMessage } from 'react-intl';
import { useDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { MANUAL_ORDER_PREFERENCE, useManualOrderMutation } from '../api/use-categories-mutations.ts';

const NAMES = [MANUAL_ORDER_PREFERENCE];

/** Whether members see the categories in this manual order (else alphabetical); saves at once. */
export function ManualOrderSwitch() {
  const state = useDynamicPreferences(NAMES);
  const value = state.values[MANUAL_ORDER_PREFERENCE];
  const on = value === true || value === 'true';
  const mutation = useManualOrderMutation({
    onSuccess: (_result, next) =>
      notifyToggled({
        messageId: next ? 'categories.notice.manualOrderOn' : 'categories.notice.manualOrderOff',
        undo: () => mutation.mutate(!next),
      }),
    onError: () => notify({ messageId: 'categories.error.manualOrder', variant: 'error' }),
  });
  if (state.failed) {
    // Never a switch showing 'off' when the truth is 'could not ask'.
    return (
      <Alert
        severity="error"
        data-testid="category-manual-order-error"
        action={
          <Button color="inherit" size="small" onClick={() => void state.retry()}>
            <FormattedMessage id="list.retry" />
          </Button>
        }
      >
        <FormattedMessage id="categories.error.manualOrderLoad" />
      </Alert>
    );
  }
  return (
    <FormControlLabel
      control={
        <Switch
          checked={on}
          disabled={state.loading || mutation.isPending}
          onChange={(event) => mutation.mutate(event.target.checked)}
          data-testid="category-manual-order"
        />
      }
      label={<FormattedMessage id="categories.manualOrder" />}
    />
  );
}
