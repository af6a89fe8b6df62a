import { AREA_ROLES, type ConsoleArea, type FeatureName, type StaffRole } from '@agora/contract';
import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen.tsx';

/**
 * The single list of a community's areas: the router makes a child route of '/' from each entry
 * and the drawer lists them in this order. An area is added here, and its drawer icon in
 * `layout/area-icons.ts` (kept apart so the icons load with the layout, not with the sign-in screen).
 */
export interface Area {
  id: string;
  /** Route path relative to '/'; '' is the exact-match index (home); 'theme/*' owns sub-paths. */
  path: string;
  /** Message id of the drawer label (its icon is in `layout/area-icons.ts`, keyed by this id). */
  labelId: string;
  screen: ComponentType;
  /** Shown only while this feature flag is on, or one of these is (the server refuses the calls too). */
  feature?: FeatureName | readonly FeatureName[];
  /** Staff roles that may open it (all console roles when absent): the contract's AREA_ROLES. */
  roles?: readonly StaffRole[];
  /** The contract area (AREA_ROLES, spec mgmt §6) whose roles it has: the server's routes carry the same. */
  area?: ConsoleArea;
  /** Only for hub administrators (account perms `hub.admin`). */
  hubAdmin?: boolean;
}

/** An area's access as the server's routes carry it (spec mgmt §6, declared once in the contract). */
const access = (area: ConsoleArea) => ({ area, roles: AREA_ROLES[area] });

const AREA_LIST = [
  {
    id: 'home',
    path: '',
    labelId: 'nav.home',
    screen: lazyScreen(() => import('../features/home/pages/home-page.tsx')),
  },
  {
    id: 'analytics-dashboard',
    path: 'social_analytics/dashboard',
    labelId: 'nav.analyticsDashboard',
    ...access('analytics'),
    feature: 'data_provisioning_dashboard',
    screen: lazyScreen(() => import('../features/analytics-dashboard/pages/analytics-dashboard-page.tsx')),
  },
  {
    id: 'analytics',
    path: 'social_analytics/*',
    labelId: 'nav.analytics',
    ...access('analytics'),
    screen: lazyScreen(() => import('../features/analytics/pages/analytics-page.tsx')),
  },
  {
    id: 'theme',
    path: 'theme/*',
    labelId: 'nav.theme',
    ...access('theme'),
    screen: lazyScreen(() => import('../features/theme/pages/theme-page.tsx')),
  },
  {
    id: 'content-settings',
    path: 'content_settings',
    labelId: 'nav.contentSettings',
    ...access('content-settings'),
    screen: lazyScreen(() => import('../features/content-settings/pages/content-settings-page.tsx')),
  },
  {
    id: 'community-management',
    path: 'community_management/*',
    labelId: 'nav.communityManagement',
    ...access('community-management'),
    screen: lazyScreen(() => import('../features/community-management/pages/community-management-page.tsx')),
  },
  {
    id: 'integrations',
    path: 'integrations/*',
    labelId: 'nav.integrations',
    ...access('integrations'),
    screen: lazyScreen(() => import('../features/integrations/pages/integrations-page.tsx')),
  },
  {
    id: 'server-settings',
    path: 'settings/*',
    labelId: 'nav.serverSettings',
    ...access('server-settings'),
    screen: lazyScreen(() => import('../features/server-settings/pages/server-settings-page.tsx')),
  },
  {
    id: 'registration-alerts',
    path: 'registration_alerts',
    labelId: 'nav.registrationAlerts',
    ...access('registration-alerts'),
    feature: 'registration_alerts',
    screen: lazyScreen(() => import('../features/registration-alerts/pages/registration-alerts-page.tsx')),
  },
  {
    id: 'app-settings',
    path: 'app_settings',
    labelId: 'nav.appSettings',
    ...access('app-settings'),
    feature: 'app_settings',
    screen: lazyScreen(() => import('../features/app-settings/pages/app-settings-page.tsx')),
  },
  {
    id: 'readiness-checks',
    path: 'checks',
    labelId: 'nav.readinessChecks',
    ...access('readiness-checks'),
    screen: lazyScreen(() => import('../features/readiness-checks/pages/readiness-checks-page.tsx')),
  },
  {
    id: 'registration-approval',
    path: 'users/approval',
    labelId: 'nav.registrationApproval',
    ...access('registration-approval'),
    screen: lazyScreen(
      () => import('../features/registration-approval/pages/registration-approval-page.tsx'),
    ),
  },
  {
    id: 'moderation',
    path: 'moderation/*',
    labelId: 'nav.moderation',
    ...access('moderation'),
    screen: lazyScreen(() => import('../features/moderation/pages/moderation-page.tsx')),
  },
  {
    id: 'scoring',
    path: 'scoring/*',
    labelId: 'nav.scoring',
    ...access('scoring'),
    feature: 'scoring',
    screen: lazyScreen(() => import('../features/scoring/pages/scoring-page.tsx')),
  },
  {
    id: 'staff',
    path: 'staff',
    labelId: 'nav.staff',
    ...access('staff'),
    feature: 'user_roles',
    screen: lazyScreen(() => import('../features/staff/pages/staff-page.tsx')),
  },
  {
    id: 'tagging',
    path: 'management/tagging/*',
    labelId: 'nav.tagging',
    ...access('tagging'),
    feature: 'tagging',
    screen: lazyScreen(() => import('../features/tagging/pages/tagging-page.tsx')),
  },
  {
    id: 'categories',
    path: 'categories/*',
    labelId: 'nav.categories',
    ...access('categories'),
    screen: lazyScreen(() => import('../features/categories/pages/categories-page.tsx')),
  },
  {
    id: 'menus',
    path: 'menus/*',
    labelId: 'nav.menus',
    ...access('menus'),
    screen: lazyScreen(() => import('../features/menus/pages/menus-page.tsx')),
  },
  {
    id: 'email-manager',
    path: 'marketing/email_manager/*',
    labelId: 'nav.emailManager',
    ...access('email-manager'),
    feature: 'email_manager',
    screen: lazyScreen(() => import('../features/email-manager/pages/email-manager-page.tsx')),
  },
  {
    id: 'invitations',
    path: 'marketing/invitation',
    labelId: 'nav.invitations',
    ...access('invitations'),
    feature: 'invitation',
    screen: lazyScreen(() => import('../features/invitations/pages/invitations-page.tsx')),
  },
  {
    id: 'promo-codes',
    path: 'marketing/promo_code',
    labelId: 'nav.promoCodes',
    ...access('promo-codes'),
    feature: 'promo_code',
    screen: lazyScreen(() => import('../features/promo-codes/pages/promo-codes-page.tsx')),
  },
  {
    id: 'webhooks',
    path: 'webhooks/*',
    labelId: 'nav.webhooks',
    ...access('webhooks'),
    feature: 'webhook',
    screen: lazyScreen(() => import('../features/webhooks/pages/webhooks-page.tsx')),
  },
  {
    id: 'advertising',
    path: 'advertising',
    labelId: 'nav.advertising',
    ...access('advertising'),
    feature: 'advertising',
    screen: lazyScreen(() => import('../features/advertising/pages/advertising-page.tsx')),
  },
  {
    id: 'loyalty',
    path: 'marketing/loyalty',
    labelId: 'nav.loyalty',
    ...access('loyalty'),
    feature: 'loyalty',
    screen: lazyScreen(() => import('../features/loyalty/pages/loyalty-page.tsx')),
  },
  {
    id: 'broadcast-messages',
    path: 'broadcast_messages/*',
    labelId: 'nav.broadcastMessages',
    ...access('broadcast-messages'),
    feature: 'broadcast',
    screen: lazyScreen(() => import('../features/broadcast-messages/pages/broadcast-messages-page.tsx')),
  },
  {
    id: 'reactions',
    path: 'reactions',
    labelId: 'nav.reactions',
    ...access('reactions'),
    feature: 'reaction',
    screen: lazyScreen(() => import('../features/reactions/pages/reactions-page.tsx')),
  },
  {
    id: 'pages',
    path: 'pages/*',
    labelId: 'nav.pages',
    ...access('pages'),
    // Each tab has its own flag (general pages `cms`, error pages `system_pages`): shown while any is on.
    feature: ['legal_pages', 'cms', 'system_pages'],
    screen: lazyScreen(() => import('../features/pages/pages/pages-page.tsx')),
  },
  {
    id: 'media-library',
    path: 'media/*',
    labelId: 'nav.mediaLibrary',
    ...access('media-library'),
    feature: 'cms',
    screen: lazyScreen(() => import('../features/media-library/pages/media-library-page.tsx')),
  },
  {
    id: 'audit-log',
    path: 'audit_log',
    labelId: 'nav.auditLog',
    ...access('audit-log'),
    screen: lazyScreen(() => import('../features/audit-log/pages/audit-log-page.tsx')),
  },
  {
    id: 'hub-features',
    path: 'hub/features',
    labelId: 'nav.hubFeatures',
    hubAdmin: true,
    screen: lazyScreen(() => import('../features/hub-features/pages/hub-features-page.tsx')),
  },
] as const satisfies readonly Area[];

export const AREAS: readonly Area[] = AREA_LIST;

/** An area's id: `layout/area-icons.ts` must give each one its drawer icon (checked by tsc). */
export type AreaId = (typeof AREA_LIST)[number]['id'];

/** The link of an area: its path without the sub-path wildcard. */
export function areaLink(area: Pick<Area, 'path'>): string {
  return `/${area.path.replace(/\/?\*$/, '')}`;
}

/** Whether the signed-in user sees an area, given the selected community's roles and flags. */
export function areaVisible(
  area: Pick<Area, 'feature' | 'roles' | 'hubAdmin'>,
  context: { roles: readonly string[]; features: readonly string[] | undefined; perms: readonly string[] },
): boolean {
  if (area.hubAdmin) return context.perms.includes('hub.admin');
  if (area.roles && !area.roles.some((role) => context.roles.includes(role))) return false;
  if (area.feature) {
    const wanted: readonly FeatureName[] = typeof area.feature === 'string' ? [area.feature] : area.feature;
    if (!wanted.some((name) => (context.features ?? []).includes(name))) return false;
  }
  return true;
}
