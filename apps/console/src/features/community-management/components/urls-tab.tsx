import { EMAIL_URL_OVERRIDES, preferenceDefinition, URL_PLACEHOLDERS } from '@agora/contract';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { usePreferenceForm } from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, SettingsSection } from '../../content-settings/index.ts';

/** The label of each URL override (spec core §3), by preference name. */
const LABELS: Record<string, string> = {
  url_template_discussion: 'communityManagement.url.discussion',
  url_template_post: 'communityManagement.url.post',
  url_template_status: 'communityManagement.url.status',
  url_template_comment: 'communityManagement.url.comment',
  url_template_profile: 'communityManagement.url.profile',
  url_template_profile_settings: 'communityManagement.url.profileSettings',
  url_template_category: 'communityManagement.url.category',
  url_template_email_unsubscribe: 'communityManagement.url.unsubscribe',
  url_template_email_settings: 'communityManagement.url.emailSettings',
  url_template_verify_email: 'communityManagement.url.verifyEmail',
  url_template_verify_change_email: 'communityManagement.url.verifyChangeEmail',
  url_template_password_recover: 'communityManagement.url.passwordRecover',
  url_template_notifications: 'communityManagement.url.notifications',
  url_template_incubator: 'communityManagement.url.incubator',
  url_template_private_message: 'communityManagement.url.privateMessage',
  url_template_categories_list: 'communityManagement.url.categoriesList',
  url_template_signup: 'communityManagement.url.signup',
  url_template_signup_invite_code: 'communityManagement.url.signupInvite',
  url_template_live_stream: 'communityManagement.url.liveStream',
};

const EMAIL_NAMES = EMAIL_URL_OVERRIDES.map((definition) => definition.name);
const TEMPLATE_NAMES = ['url_template_live_stream'];
const NAMES = [...EMAIL_NAMES, ...TEMPLATE_NAMES];

const braces = (names: readonly string[]) => names.map((name) => `{${name}}`);

/** The placeholders a URL must contain: its own list, or any allowed one. */
function requiredPlaceholders(name: string): readonly string[] | null {
  return preferenceDefinition(name)?.required ?? null;
}

function UrlField({ form, name }: { form: ReturnType<typeof usePreferenceForm>; name: string }) {
  const intl = useIntl();
  const required = requiredPlaceholders(name);
  const hint = required
    ? intl.formatMessage(
        { id: 'communityManagement.url.mustContain' },
        {
          placeholders: intl.formatList(braces(required), { type: 'disjunction' }),
        },
      )
    : intl.formatMessage({ id: 'communityManagement.url.mustContainAny' });
  const error = form.error(name);
  return (
    <TextField
      name={name}
      fullWidth
      type="url"
      label={intl.formatMessage({ id: LABELS[name] ?? 'communityManagement.url.other' })}
      placeholder={`https://www.example.com/…/${required ? `{${required[0]}}` : '{id}'}`}
      value={form.text(name)}
      onChange={(event) => form.set(name, event.target.value)}
      error={Boolean(error)}
      helperText={error ?? hint}
      slotProps={{ htmlInput: { 'data-testid': `url-${name}`, spellCheck: false } }}
    />
  );
}

/** URL templates and the 18 e-mail URL overrides (spec core §3, §5). */
export function UrlsTab() {
  const form = usePreferenceForm(NAMES);
  return (
    <PreferenceFormFrame form={form} testId="community-urls-form">
      <SettingsSection
        titleId="communityManagement.url.emailSection"
        descriptionId="communityManagement.url.emailHelp"
      >
        <Box>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="communityManagement.url.allowed"
              values={{ placeholders: braces(URL_PLACEHOLDERS).join(', ') }}
            />
          </Typography>
        </Box>
        {EMAIL_NAMES.map((name) => (
          <UrlField key={name} form={form} name={name} />
        ))}
      </SettingsSection>
      <SettingsSection
        titleId="communityManagement.url.templateSection"
        descriptionId="communityManagement.url.templateHelp"
      >
        {TEMPLATE_NAMES.map((name) => (
          <UrlField key={name} form={form} name={name} />
        ))}
      </SettingsSection>
    </PreferenceFormFrame>
  );
}
