/**
 * What other areas use from content settings: the frame, sections, switches and tabs of a settings
 * screen. Other features import this file only; the form over dynamic preferences is core's usePreferenceForm.
 */
export { AreaTabs, type AreaTab } from './components/area-tabs.tsx';
export {
  PreferenceFormFrame,
  PreferenceSwitch,
  SettingsHeader,
  SettingsSection,
} from './components/settings-parts.tsx';
