import type { ReactNode } from 'react';
import { useEnabledFeatures } from '../core/features/feature-queries.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { useStackStore } from '../core/stack/stack-store.ts';
import { NotFoundPage } from '../features/not-found/index.ts';
import { areaVisible, type Area } from './area-registry.ts';
import { PageSpinner } from '../core/loading/page-spinner.tsx';

/** Opens an area only for users who may see it; a switched-off feature shows the not-found screen. */
export function RequireArea({ area, children }: { area: Area; children: ReactNode }) {
  const roles = useStackStore((state) => state.selected?.roles);
  const perms = useSessionStore((state) => state.user?.perms) ?? [];
  const features = useEnabledFeatures();
  if (area.path === '' || (area.hubAdmin && perms.includes('hub.admin'))) return children;
  if (!roles || (area.feature && !features)) return <PageSpinner />;
  return areaVisible(area, { roles, features, perms }) ? children : <NotFoundPage />;
}
