import type { UserPreferenceKey } from '@agora/contract';
import { preferencesByKey, preferenceStored } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { addPreference, fetchPreferences, updatePreference } from './preference-api.ts';

/**
 * Stores a preference for the signed-in user: shown at once, then PATCHed when it already has an id
 * or POSTed when it is new. Failures are ignored (spec core §7), the local value stays.
 */
export async function savePreference(key: UserPreferenceKey, value: string): Promise<void> {
  const session = useSessionStore.getState();
  if (!session.isLogged) return;
  const existing = session.preferences[key];
  if (existing?.value === value && existing.id !== null) return;
  useSessionStore.setState((state) => preferenceStored(state, { id: existing?.id ?? null, key, value }));
  try {
    const stored = existing?.id
      ? await updatePreference(existing.id, value)
      : await addPreference(key, value);
    if (useSessionStore.getState().isLogged) {
      useSessionStore.setState((state) => preferenceStored(state, stored));
    }
  } catch (error) {
    console.warn(`Storing the ${key} preference failed`, error);
  }
}

/** Reloads every preference of the signed-in user (preferences "loaded" replaces the entries). */
export async function loadPreferences(): Promise<void> {
  try {
    const list = await fetchPreferences();
    if (!useSessionStore.getState().isLogged) return;
    useSessionStore.setState((state) =>
      Object.values(preferencesByKey(list)).reduce(
        (next, preference) => preferenceStored(next, preference),
        state,
      ),
    );
  } catch (error) {
    console.warn('Loading preferences failed', error);
  }
}
