import { z } from 'zod';

/**
 * Every feature flag of spec core §3, with SelfCommunity's published names (A4) where they exist;
 * nested flags use `<parent>_<child>`. `plan` is the lowest plan that unlocks a flag by default.
 */
export const FEATURES = {
  interests: { plan: 'go' },
  incubators: { plan: 'go' },
  stream_settings: { plan: 'go' },
  reaction: { plan: 'go' },
  content_advanced_settings: { plan: 'go' },
  community_management_advanced_settings: { plan: 'go' },
  domain: { plan: 'go' },
  community_subscription: { plan: 'go' },
  tagging: { plan: 'go' },
  tagging_category: { plan: 'go', parent: 'tagging' },
  tagging_content: { plan: 'go', parent: 'tagging' },
  registration_alerts: { plan: 'go' },
  seo: { plan: 'go' },
  gdpr_settings: { plan: 'go' },
  advertising: { plan: 'go' },
  google_cloud_api: { plan: 'go' },
  social_share: { plan: 'go' },
  api_v2: { plan: 'enterprise' },
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
  data_provisioning_interests: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_polls: { plan: 'go', parent: 'data_provisioning' },
  data_provisioning_reports: { plan: 'go', parent: 'data_provisioning' },
  insight: { plan: 'go' },
  moderation_ai: { plan: 'professional' },
  pwa: { plan: 'go' },
  grouping: { plan: 'professional' },
  event: { plan: 'go' },
  payments: { plan: 'professional' },
  payments_settings: { plan: 'professional', parent: 'payments' },
  payments_products: { plan: 'professional', parent: 'payments' },
  payments_paywalls_contents: { plan: 'professional', parent: 'payments' },
  payments_paywalls_community: { plan: 'professional', parent: 'payments' },
  payments_orders: { plan: 'professional', parent: 'payments' },
  live_stream: { plan: 'professional' },
  course: { plan: 'go' },
} as const satisfies Record<string, { plan: Plan; parent?: string }>;

export const PLANS = ['go', 'professional', 'enterprise'] as const;
export type Plan = (typeof PLANS)[number];

export type FeatureName = keyof typeof FEATURES;
export const FEATURE_NAMES = Object.keys(FEATURES) as FeatureName[];
export const featureNameSchema = z.enum(FEATURE_NAMES as [FeatureName, ...FeatureName[]]);

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
