import type { CONNECTION_BOOSTS, STREAM_ORDERS } from '@agora/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useIntl } from 'react-intl';
import {
  usePreferenceForm,
  type PreferenceForm,
} from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, PreferenceSwitch, SettingsSection } from '../../content-settings/index.ts';

const ORDER_LABELS: Record<(typeof STREAM_ORDERS)[number], string> = {
  relevance: 'communityManagement.order.relevance',
  recent: 'communityManagement.order.recent',
  last_activity: 'communityManagement.order.lastActivity',
};
const BOOST_LABELS: Record<(typeof CONNECTION_BOOSTS)[number], string> = {
  disabled: 'communityManagement.boost.disabled',
  low: 'communityManagement.boost.low',
  medium: 'communityManagement.boost.medium',
  high: 'communityManagement.boost.high',
};

const NAMES = [
  'home_stream_order_by',
  'home_stream_connection_boost',
  'explore_stream_enabled',
  'explore_stream_order_by',
  'explore_stream_connection_boost',
];

function Select({
  form,
  name,
  labelId,
  helpId,
  options,
}: {
  form: PreferenceForm;
  name: string;
  labelId: string;
  helpId: string;
  options: Record<string, string>;
}) {
  const intl = useIntl();
  return (
    <TextField
      select
      name={name}
      label={intl.formatMessage({ id: labelId })}
      value={form.text(name)}
      onChange={(event) => form.set(name, event.target.value)}
      error={Boolean(form.error(name))}
      helperText={form.error(name) ?? intl.formatMessage({ id: helpId })}
      sx={{ flex: 1, minWidth: 0 }}
    >
      {Object.entries(options).map(([value, id]) => (
        <MenuItem key={value} value={value}>
          {intl.formatMessage({ id })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function StreamFields({ form, stream }: { form: PreferenceForm; stream: 'home' | 'explore' }) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
      <Select
        form={form}
        name={`${stream}_stream_order_by`}
        labelId="communityManagement.order.label"
        helpId="communityManagement.order.help"
        options={ORDER_LABELS}
      />
      <Select
        form={form}
        name={`${stream}_stream_connection_boost`}
        labelId="communityManagement.boost.label"
        helpId="communityManagement.boost.help"
        options={BOOST_LABELS}
      />
    </Stack>
  );
}

/** Feed settings (mgmt §3): how the home (primary) and explore (secondary) feeds are sorted. */
export function FeedTab() {
  const form = usePreferenceForm(NAMES);
  return (
    <PreferenceFormFrame form={form} testId="community-feed-form">
      <SettingsSection
        titleId="communityManagement.homeFeed"
        descriptionId="communityManagement.homeFeed.help"
      >
        <StreamFields form={form} stream="home" />
      </SettingsSection>
      <SettingsSection
        titleId="communityManagement.exploreFeed"
        descriptionId="communityManagement.exploreFeed.help"
      >
        <PreferenceSwitch
          form={form}
          name="explore_stream_enabled"
          labelId="communityManagement.exploreEnabled.label"
          helpId="communityManagement.exploreEnabled.help"
        />
        <StreamFields form={form} stream="explore" />
      </SettingsSection>
    </PreferenceFormFrame>
  );
}
