import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFeature } from '../../../core/features/feature-queries.ts';
import {
  usePreferenceForm,
  type PreferenceForm,
} from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, PreferenceSwitch, SettingsSection } from '../../content-settings/index.ts';

const SWITCHES = [
  {
    name: 'category_follow_enabled',
    labelId: 'communityManagement.categoryFollow.label',
    helpId: 'communityManagement.categoryFollow.help',
  },
  {
    name: 'people_search_enabled',
    labelId: 'communityManagement.peopleSearch.label',
    helpId: 'communityManagement.peopleSearch.help',
  },
];

const ACCESS = [
  {
    name: 'users_approval_enabled',
    labelId: 'communityManagement.approval.label',
    helpId: 'communityManagement.approval.help',
  },
  {
    name: 'closed_community',
    labelId: 'communityManagement.closed.label',
    helpId: 'communityManagement.closed.help',
  },
  {
    name: 'registration_wizard',
    labelId: 'communityManagement.wizard.label',
    helpId: 'communityManagement.wizard.help',
  },
];

const GDPR = [
  {
    name: 'gdpr_signup_accept_html',
    labelId: 'communityManagement.gdprSignup.label',
    helpId: 'communityManagement.gdprSignup.help',
  },
  {
    name: 'gdpr_cookie_consent_external_html',
    labelId: 'communityManagement.gdprCookies.label',
    helpId: 'communityManagement.gdprCookies.help',
  },
];

const NAMES = [
  'follow_enabled',
  'connection_enabled',
  ...SWITCHES.map((s) => s.name),
  ...ACCESS.map((s) => s.name),
  ...GDPR.map((s) => s.name),
];

/** Members either follow each other (one way) or connect (both agree): never both. */
function Relationship({ form }: { form: PreferenceForm }) {
  const choice = form.bool('follow_enabled') ? 'follow' : 'connection';
  const choose = (next: string) => {
    form.set('follow_enabled', next === 'follow');
    form.set('connection_enabled', next === 'connection');
  };
  return (
    <FormControl>
      <FormLabel id="relationship-label">
        <FormattedMessage id="communityManagement.relationship.label" />
      </FormLabel>
      <RadioGroup
        aria-labelledby="relationship-label"
        name="relationship"
        value={choice}
        onChange={(event) => choose(event.target.value)}
      >
        <FormControlLabel
          value="connection"
          control={<Radio data-testid="relationship-connection" />}
          label={<FormattedMessage id="communityManagement.relationship.connection" />}
        />
        <FormHelperText sx={{ mt: 0, mb: 1, ml: 4 }}>
          <FormattedMessage id="communityManagement.relationship.connectionHelp" />
        </FormHelperText>
        <FormControlLabel
          value="follow"
          control={<Radio data-testid="relationship-follow" />}
          label={<FormattedMessage id="communityManagement.relationship.follow" />}
        />
        <FormHelperText sx={{ mt: 0, ml: 4 }}>
          <FormattedMessage id="communityManagement.relationship.followHelp" />
        </FormHelperText>
      </RadioGroup>
    </FormControl>
  );
}

export function GeneralTab() {
  const intl = useIntl();
  const form = usePreferenceForm(NAMES);
  const gdpr = useFeature('gdpr_settings');
  return (
    <PreferenceFormFrame form={form} testId="community-general-form">
      <SettingsSection titleId="communityManagement.membersSection">
        <Relationship form={form} />
        {SWITCHES.map((entry) => (
          <PreferenceSwitch key={entry.name} form={form} {...entry} />
        ))}
      </SettingsSection>
      <SettingsSection titleId="communityManagement.accessSection">
        {ACCESS.map((entry) => (
          <PreferenceSwitch key={entry.name} form={form} {...entry} />
        ))}
      </SettingsSection>
      {gdpr && (
        <SettingsSection
          titleId="communityManagement.gdprSection"
          descriptionId="communityManagement.gdprSection.help"
        >
          {GDPR.map(({ name, labelId, helpId }) => (
            <TextField
              key={name}
              name={name}
              multiline
              minRows={3}
              maxRows={12}
              fullWidth
              label={intl.formatMessage({ id: labelId })}
              value={form.text(name)}
              onChange={(event) => form.set(name, event.target.value)}
              error={Boolean(form.error(name))}
              helperText={form.error(name) ?? intl.formatMessage({ id: helpId })}
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
          ))}
        </SettingsSection>
      )}
    </PreferenceFormFrame>
  );
}
