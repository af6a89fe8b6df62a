import TextField from '@mui/material/TextField';
import type { BroadcastMessage } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormDialog } from '../../../core/dialogs/form-dialog.tsx';
import { useScheduleBroadcastMutation } from '../api/use-broadcast-mutations.ts';
import { serverMessages } from './broadcast-problems.ts';

/** A date as `<input type="datetime-local">` writes it, in the browser's time zone. */
function localValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

interface Props {
  message: BroadcastMessage;
  onClose: () => void;
  onDone: (message: BroadcastMessage) => void;
}

/** Schedules a template or moves a scheduled message; a date that is not in the future is refused. */
export function ScheduleDialog({ message, onClose, onDone }: Props) {
  const intl = useIntl();
  const initial = message.scheduled_at ? new Date(message.scheduled_at) : new Date(Date.now() + 3600_000);
  const [value, setValue] = useState(localValue(initial));
  const [error, setError] = useState<string | undefined>();
  const schedule = useScheduleBroadcastMutation({
    onSuccess: onDone,
    onError: (e) => {
      const messages = serverMessages(e, 'broadcast.error.schedule');
      setError(messages.scheduled_at ?? messages.general ?? 'broadcast.error.schedule');
    },
  });
  const submit = () => {
    const at = new Date(value);
    if (value === '' || Number.isNaN(at.getTime()) || at.getTime() <= Date.now()) {
      return setError('broadcast.error.scheduleInPast');
    }
    setError(undefined);
    schedule.mutate({ id: message.id, at: at.toISOString() });
  };
  return (
    <FormDialog
      title={
        <FormattedMessage
          id={
            message.status === 'scheduled'
              ? 'broadcast.dialog.rescheduleTitle'
              : 'broadcast.dialog.scheduleTitle'
          }
          values={{ name: message.name }}
        />
      }
      saveLabel={<FormattedMessage id="broadcast.action.schedule" />}
      cancelLabel={<FormattedMessage id="broadcast.action.cancel" />}
      saving={schedule.isPending}
      onSave={submit}
      onClose={onClose}
      testId="broadcast-schedule-dialog"
      saveTestId="broadcast-schedule-save"
    >
      <TextField
        type="datetime-local"
        name="scheduled_at"
        label={intl.formatMessage({ id: 'broadcast.field.scheduledAt' })}
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={Boolean(error)}
        helperText={
          error
            ? intl.formatMessage({ id: error })
            : intl.formatMessage({ id: 'broadcast.field.scheduledAtHelp' })
        }
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localValue(new Date()) } }}
        required
        autoFocus
      />
    </FormDialog>
  );
}
