/**
 * What other areas use from content settings: the frame, sections, switches and tabs of a settings
 * screen, and the form over dynamic preferences. Other features import this file only.
 */
export { usePreferenceForm, type PreferenceForm } from './api/use-preference-form.ts';
export { AreaTabs, type AreaTab } from './components/area-tabs.tsx';
export {
  PreferenceFormFrame,
  PreferenceSwitch,
  SettingsHeader,
  SettingsSection,
} from './components/settings-parts.tsx';
