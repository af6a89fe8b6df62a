import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import type { FormEvent, ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { PreferenceLoadFailure } from '../../../core/dynamic-preferences/preference-load-failure.tsx';
import type { PreferenceForm } from '../../../core/dynamic-preferences/use-preference-form.ts';

/** The title of a settings screen (the page's h1) with an optional line under it. */
export function SettingsHeader({ titleId, introId }: { titleId: string; introId?: string }) {
  return (
    <Box sx={{ mb: 2 }}>
      <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2.125rem' } }}>
        <FormattedMessage id={titleId} />
      </Typography>
      {introId && (
        <Typography sx={{ mt: 0.5, color: 'text.secondary' }}>
          <FormattedMessage id={introId} />
        </Typography>
      )}
    </Box>
  );
}

/** A titled block of settings. */
export function SettingsSection({
  titleId,
  descriptionId,
  children,
  testId,
}: {
  titleId: string;
  descriptionId?: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
      <Typography variant="h6" component="h2">
        <FormattedMessage id={titleId} />
      </Typography>
      {descriptionId && (
        <Typography variant="body2" sx={{ mt: 0.5, color: 'text.secondary' }}>
          <FormattedMessage id={descriptionId} />
        </Typography>
      )}
      <Stack spacing={2} sx={{ mt: 2 }}>
        {children}
      </Stack>
    </Paper>
  );
}

/** One boolean preference as a switch with a short explanation under it. */
export function PreferenceSwitch({
  form,
  name,
  labelId,
  helpId,
  disabled,
  label,
}: {
  form: PreferenceForm;
  name: string;
  labelId: string;
  helpId: string;
  disabled?: boolean;
  /** Values for the label message. */
  label?: Record<string, string>;
}) {
  const helpDomId = `${name}-help`;
  return (
    <Box>
      <FormControlLabel
        sx={{ alignItems: 'center', mr: 0 }}
        control={
          <Switch
            checked={form.bool(name)}
            disabled={disabled}
            onChange={(event) => form.set(name, event.target.checked)}
            slotProps={{ input: { 'aria-describedby': helpDomId, name } }}
            data-testid={`switch-${name}`}
          />
        }
        label={<FormattedMessage id={labelId} values={label} />}
      />
      <FormHelperText id={helpDomId} sx={{ mt: 0, ml: { xs: 0, sm: 6 } }}>
        <FormattedMessage id={helpId} />
      </FormHelperText>
      {form.error(name) && (
        <FormHelperText error sx={{ ml: { xs: 0, sm: 6 } }}>
          {form.error(name)}
        </FormHelperText>
      )}
    </Box>
  );
}

/**
 * The form around a settings screen: a spinner until the values arrive (their failure and a retry if
 * they cannot), the save button below.
 */
export function PreferenceFormFrame({
  form,
  children,
  onSave,
  testId,
  disabled,
}: {
  form: PreferenceForm;
  children: ReactNode;
  onSave?: () => Promise<unknown> | undefined;
  testId?: string;
  disabled?: boolean;
}) {
  if (form.loadFailed) return <PreferenceLoadFailure onRetry={() => void form.retry()} />;
  if (!form.ready) return <PageSpinner />;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void (onSave ? onSave() : form.save());
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testId}>
      <Stack spacing={2}>{children}</Stack>
      <Stack
        direction="row"
        spacing={2}
        sx={{
          mt: 2,
          py: 1.5,
          alignItems: 'center',
          flexWrap: 'wrap',
          position: 'sticky',
          bottom: 0,
          zIndex: 2,
          bgcolor: 'background.default',
          borderTop: form.dirty ? 1 : 0,
          borderColor: 'divider',
        }}
      >
        <SaveButton saving={form.saving} disabled={!form.dirty || disabled} />
        {form.dirty && (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="contentSettings.unsaved" />
          </Typography>
        )}
      </Stack>
    </Box>
  );
}
