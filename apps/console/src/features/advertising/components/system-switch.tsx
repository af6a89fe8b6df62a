import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import type { AdvertisingSystem } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveAdvertisingSettingsMutation } from '../api/advertising-api.ts';

interface Props {
  /** The system this switch turns on. */
  system: 'adsense' | 'custom';
  active: AdvertisingSystem;
  disabled?: boolean;
}

const LABEL = { adsense: 'advertising.system.useAdsense', custom: 'advertising.system.useCustom' } as const;
const NAME = { adsense: 'advertising.tab.adsense', custom: 'advertising.tab.custom' } as const;

/**
 * Turns one advertising system on or off. Only one is active at a time (spec mgmt §4): turning this
 * one on while the other runs asks first, and the server turns the other off in the same write.
 */
export function SystemSwitch({ system, active, disabled }: Props) {
  const intl = useIntl();
  const [asking, setAsking] = useState(false);
  const save = useSaveAdvertisingSettingsMutation({
    onSuccess: (saved) => {
      setAsking(false);
      notify({
        messageId: saved.system === system ? 'advertising.system.turnedOn' : 'advertising.system.turnedOff',
        values: { name: intl.formatMessage({ id: NAME[system] }) },
        variant: 'success',
      });
    },
    onError: () => {
      setAsking(false);
      notify({ messageId: 'advertising.error.update', variant: 'error' });
    },
  });
  const other = system === 'adsense' ? 'custom' : 'adsense';
  const on = active === system;
  const change = (checked: boolean) => {
    if (!checked) save.mutate({ system: 'none' });
    else if (active === other) setAsking(true);
    else save.mutate({ system });
  };
  return (
    <>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={disabled || save.isPending}
            onChange={(e) => change(e.target.checked)}
          />
        }
        label={intl.formatMessage({ id: LABEL[system] })}
      />
      <ConfirmDialog
        open={asking}
        title={
          <FormattedMessage
            id="advertising.switch.title"
            values={{ name: intl.formatMessage({ id: NAME[system] }) }}
          />
        }
        text={
          <FormattedMessage
            id="advertising.switch.text"
            values={{
              name: intl.formatMessage({ id: NAME[system] }),
              other: intl.formatMessage({ id: NAME[other] }),
            }}
          />
        }
        confirmLabel={<FormattedMessage id="advertising.switch.confirm" />}
        cancelLabel={<FormattedMessage id="advertising.action.cancel" />}
        tone="warning"
        busy={save.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => save.mutate({ system })}
        testId="advertising-switch-dialog"
      />
    </>
  );
}
