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
  return (
    <FormControlLabel
      control={
        <Switch
          checked={on}
          disabled={state.loading || state.failed || mutation.isPending}
          onChange={(event) => mutation.mutate(event.target.checked)}
          data-testid="category-manual-order"
        />
      }
      label={<FormattedMessage id="categories.manualOrder" />}
    />
  );
}
