import { useEnabledFeatures } from '../core/features/feature-queries.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { useStackStore } from '../core/stack/stack-store.ts';
import { AREAS, areaVisible, type Area } from './area-registry.ts';

/** The areas the signed-in user may open in the selected community, in registry order. */
export function useVisibleAreas(): Area[] {
  const roles = useStackStore((state) => state.selected?.roles) ?? [];
  const perms = useSessionStore((state) => state.user?.perms) ?? [];
  const features = useEnabledFeatures();
  return AREAS.filter((area) => areaVisible(area, { roles, features, perms }));
}
