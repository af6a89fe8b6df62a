import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_LOCALES, type EmailLocale } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveEmailSettingsMutation } from '../api/use-email-manager-mutations.ts';
import { useEmailSettingsQuery } from '../api/use-email-manager-queries.ts';

const LANGUAGE_NAMES: Record<EmailLocale, string> = { en: 'English', it: 'Italiano' };

/**
 * The community's default email language: what an email is written in when the recipient's own
 * language is not known (a member's comes first). Saved as soon as it is chosen.
 */
export function EmailLanguage() {
  const intl = useIntl();
  const settings = useEmailSettingsQuery();
  const save = useSaveEmailSettingsMutation({
    onSuccess: () => notify({ messageId: 'emailManager.language.saved', variant: 'success' }),
    onError: () => notify({ messageId: 'emailManager.error.languageSave', variant: 'error' }),
  });
  if (settings.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void settings.refetch()}>
            <FormattedMessage id="emailManager.action.retry" />
          </Button>
        }
      >
        <FormattedMessage id="emailManager.error.load" />
      </Alert>
    );
  }
  return (
    <Box
      data-testid="email-language"
      sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap', minWidth: 0 }}
    >
      <TextField
        select
        size="small"
        name="default_language"
        label={intl.formatMessage({ id: 'emailManager.field.defaultLanguage' })}
        value={settings.data?.default_language ?? ''}
        disabled={!settings.data || save.isPending}
        onChange={(e) => save.mutate(e.target.value as EmailLocale)}
        sx={{ minWidth: { xs: '100%', sm: 280 } }}
        slotProps={{ htmlInput: { 'data-testid': 'email-language-select' } }}
      >
        {EMAIL_LOCALES.map((locale) => (
          <MenuItem key={locale} value={locale} lang={locale}>
            {LANGUAGE_NAMES[locale]}
          </MenuItem>
        ))}
      </TextField>
      <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
        <FormattedMessage id="emailManager.language.help" />
      </Typography>
    </Box>
  );
}
