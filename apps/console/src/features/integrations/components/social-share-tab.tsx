import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { usePreferenceForm } from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, PreferenceSwitch, SettingsSection } from '../../content-settings/index.ts';

const NETWORKS = [
  {
    name: 'share_post_on_facebook_enabled',
    labelId: 'integrations.share.network',
    helpId: 'integrations.share.facebookHelp',
    label: { network: 'Facebook' },
  },
  {
    name: 'share_post_on_twitter_enabled',
    labelId: 'integrations.share.network',
    helpId: 'integrations.share.xHelp',
    label: { network: 'X' },
  },
  {
    name: 'share_post_on_linkedin_enabled',
    labelId: 'integrations.share.network',
    helpId: 'integrations.share.linkedinHelp',
    label: { network: 'LinkedIn' },
  },
];

const NAMES = ['content_availability', 'share_post_enabled', ...NETWORKS.map((n) => n.name)];

/**
 * Social share (mgmt §2): one switch per network. They are off limits while contents are only for
 * registered users (nothing public to share) or while sharing of posts is off.
 */
export function SocialShareTab() {
  const form = usePreferenceForm(NAMES);
  const restricted = form.saved('content_availability') === false;
  const sharingOff = !form.bool('share_post_enabled');
  const disabled = restricted || sharingOff;
  return (
    <PreferenceFormFrame form={form} testId="integrations-share-form">
      <SettingsSection titleId="integrations.share.title" descriptionId="integrations.share.intro">
        <PreferenceSwitch
          form={form}
          name="share_post_enabled"
          labelId="integrations.share.posts"
          helpId="integrations.share.postsHelp"
        />
        {restricted && (
          <Alert severity="info" data-testid="share-restricted">
            <FormattedMessage
              id="integrations.share.restricted"
              values={{
                link: (text) => (
                  <Link component={RouterLink} to="/content_settings">
                    {text}
                  </Link>
                ),
              }}
            />
          </Alert>
        )}
        {!restricted && sharingOff && (
          <Alert severity="info" data-testid="share-off">
            <FormattedMessage id="integrations.share.sharingOff" />
          </Alert>
        )}
        {NETWORKS.map((network) => (
          <PreferenceSwitch key={network.name} form={form} disabled={disabled} {...network} />
        ))}
      </SettingsSection>
    </PreferenceFormFrame>
  );
}
