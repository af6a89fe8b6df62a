import type { DynamicPreference, PreferenceValue } from '@agora/contract';

/**
 * A community's dynamic preferences in the console (spec core §3-§4): values by name, plus the
 * names being loaded and being updated. Every transition clears its names from the pending lists.
 */
export interface DynamicPreferenceState {
  values: Record<string, PreferenceValue>;
  loading: string[];
  /** Names whose last load failed: their screens show the failure and a retry, never an empty form. */
  loadFailed: string[];
  updating: string[];
  /** Why the last update of a name failed (a stable code, an English message, its values). */
  errors: Record<string, PreferenceError>;
}

export interface PreferenceError {
  code: string;
  message: string;
  params?: Record<string, string | number>;
}

export const emptyDynamicPreferences: DynamicPreferenceState = {
  values: {},
  loading: [],
  loadFailed: [],
  updating: [],
  errors: {},
};

const without = (list: string[], names: string[]) => list.filter((name) => !names.includes(name));

export function loadingStarted(state: DynamicPreferenceState, names: string[]): DynamicPreferenceState {
  return {
    ...state,
    loading: [...without(state.loading, names), ...names],
    loadFailed: without(state.loadFailed, names),
  };
}

/** The values of `names` could not be read: they stay unknown, and are marked so. */
export function loadingFailed(state: DynamicPreferenceState, names: string[]): DynamicPreferenceState {
  return {
    ...state,
    loading: without(state.loading, names),
    loadFailed: [...without(state.loadFailed, names), ...names],
  };
}

export function updatingStarted(state: DynamicPreferenceState, names: string[]): DynamicPreferenceState {
  const errors = { ...state.errors };
  for (const name of names) delete errors[name];
  return { ...state, updating: [...without(state.updating, names), ...names], errors };
}

export function singleReceived(
  state: DynamicPreferenceState,
  preference: DynamicPreference,
): DynamicPreferenceState {
  return multipleReceived(state, [preference]);
}

export function multipleReceived(
  state: DynamicPreferenceState,
  preferences: DynamicPreference[],
): DynamicPreferenceState {
  const names = preferences.map((p) => p.name);
  const values = { ...state.values };
  for (const preference of preferences) values[preference.name] = preference.value;
  return {
    ...state,
    values,
    loading: without(state.loading, names),
    loadFailed: without(state.loadFailed, names),
    updating: without(state.updating, names),
  };
}

export function singleUpdateFailed(
  state: DynamicPreferenceState,
  name: string,
  error?: PreferenceError,
): DynamicPreferenceState {
  return multipleUpdateFailed(state, [name], error ? { [name]: error } : {});
}

export function multipleUpdateFailed(
  state: DynamicPreferenceState,
  names: string[],
  errors: Record<string, PreferenceError>,
): DynamicPreferenceState {
  return {
    ...state,
    loading: without(state.loading, names),
    updating: without(state.updating, names),
    errors: { ...state.errors, ...errors },
  };
}
