import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { AD_POSITIONS, type AdPosition, type AdvertisingSettings } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveAdvertisingSettingsMutation } from '../api/advertising-api.ts';
import { POSITION_MESSAGE } from './ad-messages.ts';
import { SystemSwitch } from './system-switch.tsx';

/**
 * The AdSense tab (spec mgmt §3): verification code (required), audience, auto ads or manual ad
 * units, and the code of each of the eight positions. AdSense needs a custom domain (mgmt §6).
 */
export function AdsensePanel({ settings }: { settings: AdvertisingSettings }) {
  const intl = useIntl();
  const [code, setCode] = useState(settings.adsense.verification_code);
  const [audience, setAudience] = useState(settings.adsense.audience);
  const [mode, setMode] = useState(settings.adsense.mode);
  const [codes, setCodes] = useState<Record<AdPosition, string>>(settings.adsense.codes);
  const [touched, setTouched] = useState(false);
  const save = useSaveAdvertisingSettingsMutation({
    onSuccess: () => notify({ messageId: 'advertising.adsense.saved', variant: 'success' }),
  });
  const serverFields = parsedErrorsOf(save.error)?.fieldErrors ?? {};
  const codeMissing = (touched && code.trim() === '') || serverFields.verification_code !== undefined;
  const noDomain = settings.custom_domain === null;
  const submit = () => {
    setTouched(true);
    if (code.trim() === '') return;
    save.mutate({ adsense: { verification_code: code.trim(), audience, mode, codes } });
  };
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
      sx={{ display: 'grid', gap: 2, maxWidth: 720 }}
    >
      {noDomain && (
        <Alert severity="info" data-testid="adsense-needs-domain">
          <FormattedMessage id="advertising.adsense.needsDomain" />
        </Alert>
      )}
      <Box>
        <SystemSwitch
          system="adsense"
          active={settings.system}
          disabled={noDomain && settings.system !== 'adsense'}
        />
      </Box>
      <TextField
        label={intl.formatMessage({ id: 'advertising.adsense.verificationCode' })}
        value={code}
        onChange={(e) => setCode(e.target.value)}
        required
        error={codeMissing}
        helperText={codeMissing ? intl.formatMessage({ id: 'advertising.error.verificationRequired' }) : ' '}
      />
      <FormControl>
        <FormLabel id="adsense-audience">
          <FormattedMessage id="advertising.adsense.audience" />
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="adsense-audience"
          value={audience}
          onChange={(e) => setAudience(e.target.value as typeof audience)}
        >
          <FormControlLabel
            value="anonymous"
            control={<Radio />}
            label={intl.formatMessage({ id: 'advertising.adsense.audience.anonymous' })}
          />
          <FormControlLabel
            value="all"
            control={<Radio />}
            label={intl.formatMessage({ id: 'advertising.adsense.audience.all' })}
          />
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="adsense-mode">
          <FormattedMessage id="advertising.adsense.mode" />
        </FormLabel>
        <RadioGroup
          row
          aria-labelledby="adsense-mode"
          value={mode}
          onChange={(e) => setMode(e.target.value as typeof mode)}
        >
          <FormControlLabel
            value="auto"
            control={<Radio />}
            label={intl.formatMessage({ id: 'advertising.adsense.mode.auto' })}
          />
          <FormControlLabel
            value="manual"
            control={<Radio />}
            label={intl.formatMessage({ id: 'advertising.adsense.mode.manual' })}
          />
        </RadioGroup>
      </FormControl>
      <Typography variant="subtitle1" component="h2">
        <FormattedMessage id="advertising.adsense.codes" />
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        {AD_POSITIONS.map((position) => (
          <TextField
            key={position}
            label={intl.formatMessage({ id: POSITION_MESSAGE[position] })}
            value={codes[position]}
            onChange={(e) => setCodes({ ...codes, [position]: e.target.value })}
            multiline
            minRows={2}
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
        ))}
      </Box>
      {save.isError && !codeMissing && (
        <Alert severity="error">
          <FormattedMessage id="advertising.error.update" />
        </Alert>
      )}
      <Box>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          <FormattedMessage id="advertising.action.save" />
        </Button>
      </Box>
    </Box>
  );
}
