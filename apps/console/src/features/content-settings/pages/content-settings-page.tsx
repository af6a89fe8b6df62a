import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useFeature } from '../../../core/features/feature-queries.ts';
import {
  usePreferenceForm,
  type PreferenceForm,
} from '../../../core/dynamic-preferences/use-preference-form.ts';
import {
  PreferenceFormFrame,
  PreferenceSwitch,
  SettingsHeader,
  SettingsSection,
} from '../components/settings-parts.tsx';

interface SwitchEntry {
  name: string;
  labelId: string;
  helpId: string;
}

const CONTENT_TYPES: SwitchEntry[] = [
  { name: 'post_type_enabled', labelId: 'contentSettings.post.label', helpId: 'contentSettings.post.help' },
  {
    name: 'discussion_type_enabled',
    labelId: 'contentSettings.discussion.label',
    helpId: 'contentSettings.discussion.help',
  },
  {
    name: 'status_type_enabled',
    labelId: 'contentSettings.status.label',
    helpId: 'contentSettings.status.help',
  },
];

const PUBLISHING: SwitchEntry[] = [
  {
    name: 'comments_enabled',
    labelId: 'contentSettings.comments.label',
    helpId: 'contentSettings.comments.help',
  },
  {
    name: 'scheduled_posts_enabled',
    labelId: 'contentSettings.scheduled.label',
    helpId: 'contentSettings.scheduled.help',
  },
  {
    name: 'video_autoplay_enabled',
    labelId: 'contentSettings.autoplay.label',
    helpId: 'contentSettings.autoplay.help',
  },
  {
    name: 'post_category_required_enabled',
    labelId: 'contentSettings.categoryRequired.label',
    helpId: 'contentSettings.categoryRequired.help',
  },
  {
    name: 'post_addressing_required_enabled',
    labelId: 'contentSettings.addressingRequired.label',
    helpId: 'contentSettings.addressingRequired.help',
  },
  {
    name: 'post_only_staff_enabled',
    labelId: 'contentSettings.onlyStaff.label',
    helpId: 'contentSettings.onlyStaff.help',
  },
  {
    name: 'content_availability',
    labelId: 'contentSettings.availability.label',
    helpId: 'contentSettings.availability.help',
  },
];

const SPACES: SwitchEntry[] = [
  {
    name: 'courses_enabled',
    labelId: 'contentSettings.courses.label',
    helpId: 'contentSettings.courses.help',
  },
  { name: 'groups_enabled', labelId: 'contentSettings.groups.label', helpId: 'contentSettings.groups.help' },
  { name: 'events_enabled', labelId: 'contentSettings.events.label', helpId: 'contentSettings.events.help' },
  {
    name: 'live_stream_enabled',
    labelId: 'contentSettings.liveStream.label',
    helpId: 'contentSettings.liveStream.help',
  },
];

const ADDONS: SwitchEntry[] = [
  { name: 'polls_enabled', labelId: 'contentSettings.polls.label', helpId: 'contentSettings.polls.help' },
  {
    name: 'private_messages_enabled',
    labelId: 'contentSettings.privateMessages.label',
    helpId: 'contentSettings.privateMessages.help',
  },
  {
    name: 'post_geolocation_enabled',
    labelId: 'contentSettings.geolocation.label',
    helpId: 'contentSettings.geolocation.help',
  },
];

export const INCUBATOR_MIN = 10;
export const INCUBATOR_MAX = 1200;

const NAMES = [
  ...[...CONTENT_TYPES, ...PUBLISHING, ...SPACES, ...ADDONS].map((entry) => entry.name),
  'incubator_enabled',
  'incubator_subscribers',
];

function Switches({ form, entries }: { form: PreferenceForm; entries: SwitchEntry[] }) {
  return entries.map((entry) => <PreferenceSwitch key={entry.name} form={form} {...entry} />);
}

function IncubatorSection({ form }: { form: PreferenceForm }) {
  const intl = useIntl();
  const raw = form.value('incubator_subscribers');
  return (
    <SettingsSection
      titleId="contentSettings.incubatorSection"
      descriptionId="contentSettings.incubatorSection.help"
    >
      <PreferenceSwitch
        form={form}
        name="incubator_enabled"
        labelId="contentSettings.incubator.label"
        helpId="contentSettings.incubator.help"
      />
      <TextField
        type="number"
        name="incubator_subscribers"
        label={intl.formatMessage({ id: 'contentSettings.subscribers.label' })}
        value={raw === null ? '' : String(raw)}
        onChange={(event) => form.set('incubator_subscribers', event.target.value)}
        error={Boolean(form.error('incubator_subscribers'))}
        helperText={
          form.error('incubator_subscribers') ??
          intl.formatMessage(
            { id: 'contentSettings.subscribers.help' },
            { min: INCUBATOR_MIN, max: INCUBATOR_MAX },
          )
        }
        slotProps={{ htmlInput: { min: INCUBATOR_MIN, max: INCUBATOR_MAX, step: 1 } }}
        sx={{ maxWidth: 320 }}
      />
      <Typography variant="body2" data-testid="incubator-saved">
        <FormattedMessage
          id="contentSettings.subscribers.saved"
          values={{ value: String(form.saved('incubator_subscribers') ?? '') }}
        />
      </Typography>
    </SettingsSection>
  );
}

/** /content_settings: what members may publish and which parts of the community are on. */
export default function ContentSettingsPage() {
  const form = usePreferenceForm(NAMES);
  const incubators = useFeature('incubators');
  return (
    <>
      <SettingsHeader titleId="nav.contentSettings" introId="contentSettings.intro" />
      <PreferenceFormFrame form={form} testId="content-settings-form">
        <SettingsSection titleId="contentSettings.typesSection">
          <Switches form={form} entries={CONTENT_TYPES} />
        </SettingsSection>
        <SettingsSection titleId="contentSettings.publishingSection">
          <Switches form={form} entries={PUBLISHING} />
        </SettingsSection>
        <SettingsSection titleId="contentSettings.spacesSection">
          <Switches form={form} entries={SPACES} />
        </SettingsSection>
        <SettingsSection titleId="contentSettings.addonsSection">
          <Switches form={form} entries={ADDONS} />
        </SettingsSection>
        {incubators && <IncubatorSection form={form} />}
      </PreferenceFormFrame>
    </>
  );
}
