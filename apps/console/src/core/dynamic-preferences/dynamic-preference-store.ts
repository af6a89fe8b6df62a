import {
  DynamicPreferencesErrorCode,
  checkPreferenceValue,
  preferenceDefinition,
  type PreferenceValue,
} from '@agora/contract';
import { useEffect } from 'react';
import { create } from 'zustand';
import { useShallow } from 'zustand/react/shallow';
import { isHttpError } from '../http/http-error.ts';
import { notify } from '../notices/notice-store.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { fetchDynamicPreferences, updateDynamicPreferences } from './dynamic-preference-api.ts';
import {
  emptyDynamicPreferences,
  loadingFailed,
  loadingStarted,
  multipleReceived,
  multipleUpdateFailed,
  updatingStarted,
  type DynamicPreferenceState,
  type PreferenceError,
} from './dynamic-preference-state.ts';
import { useInternalUrl } from '../stack/use-internal-url.ts';

interface Store extends DynamicPreferenceState {
  /** The community these values belong to. */
  internalUrl: string | null;
}

export const useDynamicPreferenceStore = create<Store>()(() => ({
  ...emptyDynamicPreferences,
  internalUrl: null,
}));

function apply(change: (state: DynamicPreferenceState) => DynamicPreferenceState): void {
  useDynamicPreferenceStore.setState((state) => change(state));
}

/** Values belong to one community: switching community starts from an empty map. */
function forCurrentStack(): void {
  const internalUrl = useStackStore.getState().selected?.internal_url ?? null;
  if (useDynamicPreferenceStore.getState().internalUrl !== internalUrl) {
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl }, true);
  }
}

export async function loadDynamicPreferences(names: string[]): Promise<void> {
  forCurrentStack();
  apply((state) => loadingStarted(state, names));
  try {
    const preferences = await fetchDynamicPreferences(names);
    apply((state) => multipleReceived(state, preferences));
  } catch {
    apply((state) => loadingFailed(state, names));
  }
}

/** Checks values with the same rules as the server; the problems by name, or an empty map. */
export function checkDynamicPreferences(
  values: Record<string, PreferenceValue>,
): Record<string, PreferenceError> {
  const problems: Record<string, PreferenceError> = {};
  for (const [name, value] of Object.entries(values)) {
    const definition = preferenceDefinition(name);
    if (!definition) continue;
    const check = checkPreferenceValue(definition, value);
    if (!check.ok) problems[name] = check.problem;
  }
  return problems;
}

const URL_CODES = new Set<string>([
  DynamicPreferencesErrorCode.invalidUrl,
  DynamicPreferencesErrorCode.urlPlaceholder,
]);

/**
 * Saves several preferences at once (spec core §4-§5). Invalid values block the save and change
 * nothing; the outcome is told with 'Settings updated' or 'There was an error in saving the settings'
 * ('Some urls are not valid…' when URL overrides are at fault). Resolves true when saved.
 */
export async function saveDynamicPreferences(values: Record<string, PreferenceValue>): Promise<boolean> {
  forCurrentStack();
  const names = Object.keys(values);
  apply((state) => updatingStarted(state, names));
  const problems = checkDynamicPreferences(values);
  if (Object.keys(problems).length > 0) {
    apply((state) => multipleUpdateFailed(state, names, problems));
    const urls = Object.values(problems).some((problem) => URL_CODES.has(problem.code));
    notify({
      messageId: urls ? 'settings.invalidUrls' : 'stackSettings.errorSavedSettingsMessage',
      variant: 'error',
    });
    return false;
  }
  try {
    const saved = await updateDynamicPreferences(values);
    apply((state) => multipleReceived(state, saved));
    notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' });
    return true;
  } catch (error) {
    const parsed = isHttpError(error) ? error.parsed : null;
    const fieldErrors: Record<string, PreferenceError> = {};
    for (const [name, message] of Object.entries(parsed?.fieldErrors ?? {})) {
      fieldErrors[name] = { code: parsed?.fieldCodes[name] ?? 'invalid', message };
    }
    apply((state) => multipleUpdateFailed(state, names, fieldErrors));
    const urls = parsed?.codes.includes(DynamicPreferencesErrorCode.invalidUrls);
    notify({
      messageId: urls ? 'settings.invalidUrls' : 'stackSettings.errorSavedSettingsMessage',
      variant: 'error',
    });
    return false;
  }
}

/** Loads the named preferences of the selected community and follows their state. */
export function useDynamicPreferences(names: readonly string[]) {
  const internalUrl = useInternalUrl();
  const key = names.join(',');
  useEffect(() => {
    if (internalUrl) void loadDynamicPreferences(key.split(','));
  }, [internalUrl, key]);
  const state = useDynamicPreferenceStore(
    useShallow((state) => {
      const failed = names.some((name) => state.loadFailed.includes(name));
      return {
        values: state.values,
        errors: state.errors,
        /** Some value could not be read: nothing may be shown as if it were the community's. */
        failed,
        loading: !failed && names.some((name) => state.loading.includes(name) || !(name in state.values)),
        updating: names.some((name) => state.updating.includes(name)),
      };
    }),
  );
  return { ...state, retry: () => loadDynamicPreferences(key.split(',')) };
}
