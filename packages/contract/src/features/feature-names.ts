import { z } from 'zod';

/**
 * Every feature flag of spec core §3, with SelfCommunity's published names (A4) where they exist;
 * nested flags use `<parent>_<child>`. `plan` is the lowest plan that unlocks a flag by default.
 *
 * `coming: true` marks a flag whose area Agora does not have yet (issue 12 §2): it is off in every
 * community whatever its plan or stored choice, the hub's screen shows it as "Coming" without a switch,
 * and the hub's route refuses to switch it (400). The area that makes it real deletes `coming: true`
 * here, and nothing else; `modules/features/feature-catalogue.test.ts` fails while a live flag gates
 * nothing in the server or the console, and while a coming one gates something.
 */
export const FEATURES = {
  interests: { plan: 'go', coming: true },
  incubators: { plan: 'go' },
  stream_settings: { plan: 'go' },
  reaction: { plan: 'go' },
  content_advanced_settings: { plan: 'go', coming: true },
  community_management_advanced_settings: { plan: 'go', coming: true },
  domain: { plan: 'go' },
  community_subscription: { plan: 'go', coming: true },
  tagging: { plan: 'go' },
  tagging_category: { plan: 'go', parent: 'tagging' },
  tagging_content: { plan: 'go', parent: 'tagging' },
  registration_alerts: { plan: 'go' },
  seo: { plan: 'go' },
  gdpr_settings: { plan: 'go' },
  advertising: { plan: 'go' },
  google_cloud_api: { plan: 'go' },
  social_share: { plan: 'go' },
  api_v2: { plan: 'enterprise', coming: true },
  webhook: { plan: 'enterprise' },
  system_pages: { plan: 'go' },
  legal_pages: { plan: 'go' },
  cms: { plan: 'go' },
  scoring: { plan: 'go' },
  user_roles: { plan: 'go' },
  email_manager: { plan: 'go' },
  loyalty: { plan: 'go' },
  broadcast: { plan: 'go' },
  invitation: { plan: 'go' },
  promo_code: { plan: 'go' },
  app_settings: { plan: 'professional' },
  moderation_flags: { plan: 'go' },
  moderation_users: { plan: 'go' },
  data_provisioning_dashboard: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_users: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_contents: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_interests: { plan: 'go', parent: 'data_provisioning', coming: true },
  data_provisioning_polls: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_reports: { plan: 'go', parent: 'data_provisioning' },
  insight: { plan: 'go' },
  moderation_ai: { plan: 'professional' },
  pwa: { plan: 'go', coming: true },
  grouping: { plan: 'professional', coming: true },
  event: { plan: 'go', coming: true },
  payments: { plan: 'professional', coming: true },
  payments_settings: { plan: 'professional', parent: 'payments', coming: true },
  payments_products: { plan: 'professional', parent: 'payments', coming: true },
  payments_paywalls_contents: { plan: 'professional', parent: 'payments', coming: true },
  payments_paywalls_community: { plan: 'professional', parent: 'payments', coming: true },
  payments_orders: { plan: 'professional', parent: 'payments', coming: true },
  live_stream: { plan: 'professional', coming: true },
  course: { plan: 'go', coming: true },
} as const satisfies Record<string, { plan: Plan; parent?: string; coming?: true }>;

export const PLANS = ['go', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
export const featureNameSchema = z.enum(FEATURE_NAMES as [FeatureName, ...FeatureName[]]);

/** Whether a flag belongs to an area not built yet: never on, never switched (see FEATURES). */
export function isFeatureComing(name: FeatureName): boolean {
  return (FEATURES[name] as { coming?: true }).coming === true;
}

/** The flags of areas Agora has: the only ones that can be on or be switched. */
export const LIVE_FEATURE_NAMES: readonly FeatureName[] = FEATURE_NAMES.filter(
  (name) => !isFeatureComing(name),
);

/** Flags a plan unlocks by default (each plan includes the ones below it). */
export function featuresOfPlan(plan: Plan): FeatureName[] {
  const rank = PLANS.indexOf(plan);
  return FEATURE_NAMES.filter((name) => PLANS.indexOf(FEATURES[name].plan) <= rank);
}

/** A nested flag is on only when its parent group is on too (the parent is its own flag when it has one). */
export function isFeatureEnabled(enabled: readonly string[], name: FeatureName): boolean {
  const parent = (FEATURES[name] as { parent?: string }).parent;
  const parentOn = !parent || !(parent in FEATURES) || enabled.includes(parent);
  return parentOn && enabled.includes(name);
}

export const featureToggleSchema = z.object({
  name: featureNameSchema,
  enabled: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]),
});

export const featurePaths = {
  /** Relative to a stack's internal_url. */
  listEnabled: '/platform/api/v1/features/list_enabled/',
  /** Hub administrators change a community's flags. */
  hubToggle: '/platform/api/v1/stacks/:id/features/',
} as const;
