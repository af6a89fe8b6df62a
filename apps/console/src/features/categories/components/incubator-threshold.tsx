import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useIncubatorThresholdMutation } from '../api/incubator-mutations.ts';
import { useIncubatorThresholdQuery } from '../api/incubator-queries.ts';

/** The threshold of adhesions (preference `incubator_subscribers`, clamped by the server). */
export function IncubatorThreshold() {
  const intl = useIntl();
  const query = useIncubatorThresholdQuery();
  const [draft, setDraft] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const save = useIncubatorThresholdMutation({
    onSuccess: (saved) => {
      setDraft(null);
      setFailed(false);
      notify({ messageId: 'categories.incubator.threshold.saved', values: { value: saved.threshold } });
    },
    onError: () => setFailed(true),
  });
  const stored = query.data;
  const value = draft ?? (stored ? String(stored.threshold) : '');
  const help = failed
    ? intl.formatMessage({ id: 'categories.incubator.error.threshold' })
    : intl.formatMessage(
        { id: 'categories.incubator.threshold.help' },
        { min: stored?.min ?? 10, max: stored?.max ?? 1200 },
      );
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(value.trim());
      }}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
      data-testid="incubator-threshold"
    >
      <TextField
        size="small"
        name="threshold"
        label={intl.formatMessage({ id: 'categories.incubator.threshold.label' })}
        value={value}
        disabled={!stored}
        onChange={(event) => {
          setDraft(event.target.value);
          setFailed(false);
        }}
        error={failed}
        helperText={help}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'incubator-threshold-input' } }}
        sx={{ flex: '1 1 260px', maxWidth: 520 }}
      />
      <Button
        type="submit"
        variant="outlined"
        disabled={!stored || save.isPending}
        data-testid="incubator-threshold-save"
      >
        <FormattedMessage id="categories.incubator.threshold.save" />
      </Button>
    </Box>
  );
}
