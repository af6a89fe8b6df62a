import type { PreferenceValue } from '@agora/contract';
import { useState } from 'react';
import {
  saveDynamicPreferences,
  useDynamicPreferences,
} from '../../../core/dynamic-preferences/dynamic-preference-store.ts';

/**
 * A settings form over some dynamic preferences: the stored values until the user edits, then a
 * draft; saving goes through the shared store (its checks, its notices) and drops the draft.
 */
export function usePreferenceForm(names: readonly string[]) {
  const state = useDynamicPreferences(names);
  const [draft, setDraft] = useState<Record<string, PreferenceValue>>({});
  const value = (name: string): PreferenceValue =>
    name in draft ? (draft[name] ?? null) : (state.values[name] ?? null);
  const text = (name: string): string => {
    const current = value(name);
    return current === null || current === undefined ? '' : String(current);
  };
  return {
    ...state,
    value,
    text,
    dirty: Object.keys(draft).length > 0,
    set: (name: string, next: PreferenceValue) => setDraft((current) => ({ ...current, [name]: next })),
    reset: () => setDraft({}),
    async save(): Promise<boolean> {
      const values = Object.fromEntries(names.map((name) => [name, value(name)]));
      const saved = await saveDynamicPreferences(values);
      if (saved) setDraft({});
      return saved;
    },
  };
}

export type PreferenceForm = ReturnType<typeof usePreferenceForm>;
