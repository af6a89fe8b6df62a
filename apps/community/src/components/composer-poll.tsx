import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { localDateTimeInput } from './composer-time.ts';

/** A poll being written: its question, its choices (2 to 20), one or several answers, an end. */
export interface PollDraft {
  title: string;
  choices: string[];
  multiple: boolean;
  /** `datetime-local` value, '' for a poll that stays open. */
  expires: string;
}

export const POLL_CHOICES_MIN = 2;
export const POLL_CHOICES_MAX = 20;
export const EMPTY_POLL: PollDraft = { title: '', choices: ['', ''], multiple: false, expires: '' };

/** Why a poll cannot be published yet (a message id), or null when it can. */
export function pollProblem(poll: PollDraft, now: Date): string | null {
  const choices = poll.choices.map((c) => c.trim()).filter((c) => c !== '');
  if (choices.length < POLL_CHOICES_MIN) return 'site.poll.needTwo';
  if (new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) return 'site.poll.duplicate';
  if (poll.expires && !(new Date(poll.expires).getTime() > now.getTime())) return 'site.poll.pastEnd';
  return null;
}

/** The poll as the create call takes it (`poll` of `{type}/`). */
export function pollBody(poll: PollDraft) {
  return {
    title: poll.title.trim(),
    multiple_choices: poll.multiple,
    expiration_at: poll.expires ? new Date(poll.expires).toISOString() : null,
    choices: poll.choices
      .map((c) => c.trim())
      .filter((c) => c !== '')
      .map((choice) => ({ choice })),
  };
}

/** The composer's poll: question, choice rows to add and take out, multiple answers, an optional end. */
export function ComposerPoll({
  poll,
  onChange,
  onRemove,
}: {
  poll: PollDraft;
  onChange: (poll: PollDraft) => void;
  onRemove: () => void;
}) {
  const intl = useIntl();
  const headingId = useId();
  const setChoice = (index: number, value: string) =>
    onChange({ ...poll, choices: poll.choices.map((c, i) => (i === index ? value : c)) });
  const removeChoice = (index: number) =>
    onChange({ ...poll, choices: poll.choices.filter((_c, i) => i !== index) });
  return (
    <Paper
      variant="outlined"
      component="fieldset"
      aria-labelledby={headingId}
      sx={{ p: 2, m: 0, border: 1, borderColor: 'divider' }}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
          <Typography id={headingId} component="legend" variant="subtitle2">
            <FormattedMessage id="site.poll.heading" />
          </Typography>
          <Button size="small" onClick={onRemove}>
            <FormattedMessage id="site.poll.remove" />
          </Button>
        </Stack>
        <TextField
          size="small"
          label={intl.formatMessage({ id: 'site.poll.title' })}
          value={poll.title}
          onChange={(e) => onChange({ ...poll, title: e.target.value })}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        {poll.choices.map((choice, index) => (
          // Rows are edited in place and only the last ones are added: the index is their identity.
          <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <TextField
              size="small"
              fullWidth
              label={intl.formatMessage({ id: 'site.poll.choice' }, { n: index + 1 })}
              value={choice}
              onChange={(e) => setChoice(index, e.target.value)}
              required={index < POLL_CHOICES_MIN}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
            {poll.choices.length > POLL_CHOICES_MIN && (
              <IconButton
                onClick={() => removeChoice(index)}
                aria-label={intl.formatMessage({ id: 'site.poll.removeChoice' }, { n: index + 1 })}
              >
                <span aria-hidden="true">✕</span>
              </IconButton>
            )}
          </Stack>
        ))}
        {poll.choices.length < POLL_CHOICES_MAX && (
          <Button
            size="small"
            sx={{ alignSelf: 'flex-start' }}
            onClick={() => onChange({ ...poll, choices: [...poll.choices, ''] })}
          >
            <FormattedMessage id="site.poll.addChoice" />
          </Button>
        )}
        <FormControlLabel
          control={
            <Switch
              checked={poll.multiple}
              onChange={(e) => onChange({ ...poll, multiple: e.target.checked })}
            />
          }
          label={intl.formatMessage({ id: 'site.poll.multipleChoice' })}
        />
        <TextField
          size="small"
          type="datetime-local"
          label={intl.formatMessage({ id: 'site.poll.ends' })}
          helperText={intl.formatMessage({ id: 'site.poll.endsHelp' })}
          value={poll.expires}
          onChange={(e) => onChange({ ...poll, expires: e.target.value })}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: localDateTimeInput(new Date()) } }}
        />
      </Stack>
    </Paper>
  );
}
