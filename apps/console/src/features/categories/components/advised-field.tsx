import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';

/**
 * A text with an advised length (mgmt §5: SEO title 70, description 150): longer texts are accepted,
 * the counter only turns to a warning, as on the community's SEO screen.
 */
export function AdvisedField({
  name,
  labelId,
  helpId,
  advice,
  value,
  onChange,
  error,
  multiline,
}: {
  name: string;
  labelId: string;
  helpId: string;
  advice: number;
  value: string;
  onChange: (value: string) => void;
  /** The server's refusal (a hard limit far above the advice). */
  error?: string;
  multiline?: boolean;
}) {
  const intl = useIntl();
  const over = value.length > advice;
  return (
    <Box>
      <TextField
        name={name}
        fullWidth
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        label={intl.formatMessage({ id: labelId })}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={Boolean(error)}
        helperText={error ?? intl.formatMessage({ id: helpId })}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 0.5, textAlign: 'right', color: over ? 'warning.dark' : 'text.secondary' }}
        data-testid={`counter-${name}`}
      >
        <FormattedMessage
          id={over ? 'categories.seo.counterOver' : 'categories.seo.counter'}
          values={{ count: value.length, advice }}
        />
      </Typography>
    </Box>
  );
}
