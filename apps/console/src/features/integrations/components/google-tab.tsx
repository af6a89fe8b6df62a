import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { usePreferenceForm } from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, SettingsSection } from '../../content-settings/index.ts';
import { isTagManagerId } from '../api/integration-api.ts';

const NAMES = ['google_geocoding_api_key', 'tag_manager_container_id'];

/** Google APIs (mgmt §2): the geocoding key and the tag manager container. */
export function GoogleTab() {
  const intl = useIntl();
  const form = usePreferenceForm(NAMES);
  const [gtmError, setGtmError] = useState(false);
  const gtm = form.text('tag_manager_container_id');

  const save = async () => {
    const cleaned = gtm.trim().toUpperCase();
    if (!isTagManagerId(cleaned)) {
      setGtmError(true);
      notify({ messageId: 'stackSettings.errorSavedSettingsMessage', variant: 'error' });
      return;
    }
    setGtmError(false);
    await form.save(cleaned !== gtm ? { tag_manager_container_id: cleaned } : {});
  };

  const gtmProblem = gtmError && !isTagManagerId(gtm.trim().toUpperCase());
  return (
    <PreferenceFormFrame form={form} onSave={save} testId="integrations-google-form">
      <SettingsSection
        titleId="integrations.google.geocoding"
        descriptionId="integrations.google.geocodingHelp"
      >
        <TextField
          name="google_geocoding_api_key"
          fullWidth
          autoComplete="off"
          label={intl.formatMessage({ id: 'integrations.google.geocodingKey' })}
          value={form.text('google_geocoding_api_key')}
          onChange={(event) => form.set('google_geocoding_api_key', event.target.value)}
          error={Boolean(form.error('google_geocoding_api_key'))}
          helperText={form.error('google_geocoding_api_key')}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
      </SettingsSection>
      <SettingsSection
        titleId="integrations.google.tagManager"
        descriptionId="integrations.google.tagManagerHelp"
      >
        <TextField
          name="tag_manager_container_id"
          fullWidth
          autoComplete="off"
          label={intl.formatMessage({ id: 'integrations.google.containerId' })}
          placeholder="GTM-XXXXXXX"
          value={gtm}
          onChange={(event) => form.set('tag_manager_container_id', event.target.value)}
          error={gtmProblem || Boolean(form.error('tag_manager_container_id'))}
          helperText={
            gtmProblem
              ? intl.formatMessage({ id: 'integrations.google.containerInvalid' })
              : (form.error('tag_manager_container_id') ??
                intl.formatMessage({ id: 'integrations.google.containerHelp' }))
          }
          slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'tag-manager-id' } }}
        />
      </SettingsSection>
    </PreferenceFormFrame>
  );
}
