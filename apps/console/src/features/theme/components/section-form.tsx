import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { preferenceDefinition } from '@agora/contract';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { PreferenceLoadFailure } from '../../../core/dynamic-preferences/preference-load-failure.tsx';
import type { PreferenceForm } from '../../../core/dynamic-preferences/use-preference-form.ts';

/** One theme section: its title, a short explanation and its content. */
export function SectionCard({
  titleId,
  descriptionId,
  children,
  testId,
}: {
  titleId: string;
  descriptionId?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card variant="outlined" data-testid={testId}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Box>
          <Typography variant="h5" component="h2">
            <FormattedMessage id={titleId} />
          </Typography>
          {descriptionId && (
            <Typography color="text.secondary" sx={{ mt: 0.5 }}>
              <FormattedMessage id={descriptionId} />
            </Typography>
          )}
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

function FormSpinner() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
      <CircularProgress size={32} aria-label={intl.formatMessage({ id: 'list.loading' })} />
    </Box>
  );
}

/** The fields of a preference form and its save button (spinner while the values load, or their failure). */
export function PreferenceFormBody({ form, children }: { form: PreferenceForm; children: ReactNode }) {
  if (form.loadFailed) return <PreferenceLoadFailure onRetry={() => void form.retry()} />;
  if (!form.ready) return <FormSpinner />;
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void form.save();
      }}
      sx={{ display: 'grid', gap: 2.5 }}
    >
      {children}
      <Stack direction="row">
        <SaveButton saving={form.saving} />
      </Stack>
    </Box>
  );
}

/** A text preference with its label, the server's or the checks' error, and a length counter when bounded. */
export function PreferenceTextField({
  form,
  name,
  labelId,
  multiline,
  counter,
  helperId,
  type,
}: {
  form: PreferenceForm;
  name: string;
  labelId: string;
  multiline?: boolean;
  counter?: boolean;
  helperId?: string;
  type?: string;
}) {
  const intl = useIntl();
  const value = form.text(name);
  const max = preferenceDefinition(name)?.maxLength;
  const error = form.error(name);
  const over = max !== undefined && value.length > max;
  const helper =
    error ??
    (counter && max !== undefined
      ? intl.formatMessage({ id: 'theme.counter' }, { count: value.length, max })
      : helperId
        ? intl.formatMessage({ id: helperId })
        : undefined);
  return (
    <TextField
      name={name}
      label={intl.formatMessage({ id: labelId })}
      value={value}
      onChange={(event) => form.set(name, event.target.value)}
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
      type={type}
      error={Boolean(error) || over}
      helperText={helper}
      fullWidth
      slotProps={{
        htmlInput: { 'data-testid': `field-${name}` },
        formHelperText: { 'data-testid': `helper-${name}` } as object,
      }}
    />
  );
}
