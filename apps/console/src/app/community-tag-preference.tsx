import { useEffect, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import {
  useDynamicPreferenceStore,
  useDynamicPreferences,
} from '../core/dynamic-preferences/dynamic-preference-store.ts';
import type { CommunityTagState } from './page-views.ts';

const TAG_PREFERENCE = 'tag_manager_container_id';
const TAG_PREFERENCES = [TAG_PREFERENCE];

/**
 * Reads the selected community's own tag manager container (a dynamic preference) and reports where
 * it stands. Rendered only while signed in with a community selected, and fetched as its own chunk:
 * the dynamic preferences' store and catalogue stay off the sign-in screen (ADR 0014).
 */
export default function CommunityTagPreference({
  internalUrl,
  onChange,
}: {
  internalUrl: string;
  onChange: (state: CommunityTagState) => void;
}) {
  useDynamicPreferences(TAG_PREFERENCES);
  const community = useDynamicPreferenceStore(
    useShallow((state) => ({
      known: state.internalUrl === internalUrl && TAG_PREFERENCE in state.values,
      pending: state.loading.includes(TAG_PREFERENCE),
      value: state.values[TAG_PREFERENCE],
    })),
  );
  // Set after the load above has started (its effect runs first): from then on "not pending" means it ended.
  const [attempted, setAttempted] = useState<string | null>(null);
  useEffect(() => setAttempted(internalUrl), [internalUrl]);
  const settled = community.known || (attempted === internalUrl && !community.pending);
  const value = community.known ? community.value : null;
  useEffect(() => onChange({ selected: true, settled, value }), [onChange, settled, value]);
  return null;
}
