import type { PreferenceValue } from '@agora/contract';
import { useState } from 'react';
import { useIntl } from 'react-intl';
import { saveDynamicPreferences, useDynamicPreferences } from './dynamic-preference-store.ts';
import { preferenceErrorText } from './preference-error-text.ts';

/**
 * The one form over some of the community's dynamic preferences (theme, content settings, community
 * management, integrations): the saved values from the shared store, the user's edits on top, a save
 * that sends only what changed (all or nothing on the server), and the server's field errors mapped
 * to the fields until the user edits them.
 */
export function usePreferenceForm(names: readonly string[]) {
  const intl = useIntl();
  const state = useDynamicPreferences(names);
  const [draft, setDraft] = useState<Record<string, PreferenceValue>>({});
  /** Names edited since the last save attempt: their old error no longer applies. */
  const [edited, setEdited] = useState<ReadonlySet<string>>(new Set());

  const value = (name: string): PreferenceValue => (name in draft ? draft[name] : state.values[name]) ?? null;
  const changed = Object.fromEntries(
    Object.entries(draft).filter(([name, v]) => String(v ?? '') !== String(state.values[name] ?? '')),
  );

  const ready = !state.loading && !state.failed;
  return {
    loading: state.loading,
    /** The saved values could not be read: show the failure and `retry`, never the form. */
    loadFailed: state.failed,
    retry: state.retry,
    /** Every saved value is known: only then can the form be shown and saved. */
    ready,
    saving: state.updating,
    dirty: Object.keys(changed).length > 0,
    value,
    /** The saved value (what the community has now). */
    saved: (name: string): PreferenceValue => state.values[name] ?? null,
    text: (name: string): string => String(value(name) ?? ''),
    bool: (name: string): boolean => value(name) === true || value(name) === 'true',
    set(name: string, next: PreferenceValue) {
      setDraft((current) => ({ ...current, [name]: next }));
      setEdited((current) => new Set(current).add(name));
    },
    /** The translated problem of a field after the last save attempt. */
    error(name: string): string | undefined {
      if (edited.has(name)) return undefined;
      return preferenceErrorText(intl, state.errors[name]);
    },
    /** Saves the changed values; `adjusted` replaces some of them (e.g. a value put in canonical form). */
    async save(adjusted: Record<string, PreferenceValue> = {}): Promise<boolean> {
      // Never over values that were not read: a save then could wipe what the community has.
      if (!ready) return false;
      setEdited(new Set());
      const values = { ...changed, ...adjusted };
      if (Object.keys(values).length === 0) return true;
      const ok = await saveDynamicPreferences(values);
      if (ok) setDraft({});
      return ok;
    },
    reset() {
      setDraft({});
      setEdited(new Set());
    },
  };
}

export type PreferenceForm = ReturnType<typeof usePreferenceForm>;
