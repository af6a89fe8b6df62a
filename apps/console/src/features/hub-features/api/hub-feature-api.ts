import { featurePaths, FEATURES, FEATURE_NAMES, isFeatureComing, type FeatureName } from '@agora/contract';
import { z } from 'zod';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { featureKeys } from '../../../core/features/feature-queries.ts';
import { apiData } from '../../../core/http/api-client.ts';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';

export const hubFeatureKeys = {
  all: ['hub-features'] as const,
  flags: (stackId: number) => [...hubFeatureKeys.all, stackId] as const,
};

const flagsSchema = z.record(z.string(), z.boolean());
export type FeatureFlags = Record<string, boolean>;

const pathOf = (stackId: number) => featurePaths.hubToggle.replace(':id', String(stackId));

/** Every flag of a community, as a hub administrator sees them (its own value, parent aside). */
export async function fetchHubFeatures(stackId: number): Promise<FeatureFlags> {
  return flagsSchema.parse(await apiData<unknown>({ path: pathOf(stackId) }));
}

export async function toggleHubFeature(
  stackId: number,
  name: FeatureName,
  enabled: boolean,
): Promise<FeatureFlags> {
  return flagsSchema.parse(
    await apiData<unknown>({
      method: 'POST',
      path: pathOf(stackId),
      body: { name, enabled: String(enabled) },
    }),
  );
}

export function parentOf(name: FeatureName): FeatureName | undefined {
  const parent = (FEATURES[name] as { parent?: string }).parent;
  return parent && (FEATURE_NAMES as string[]).includes(parent) ? (parent as FeatureName) : undefined;
}

/** The flags of spec core §3 in groups; nested flags are listed after their parent. */
export const FEATURE_GROUPS: { id: string; labelId: string; names: FeatureName[] }[] = [
  {
    id: 'content',
    labelId: 'hubFeatures.group.content',
    names: [
      'content_advanced_settings',
      'stream_settings',
      'reaction',
      'interests',
      'incubators',
      'tagging',
      'tagging_category',
      'tagging_content',
      'cms',
      'system_pages',
      'legal_pages',
    ],
  },
  {
    id: 'spaces',
    labelId: 'hubFeatures.group.spaces',
    names: ['course', 'event', 'grouping', 'live_stream'],
  },
  {
    id: 'community',
    labelId: 'hubFeatures.group.community',
    names: [
      'community_management_advanced_settings',
      'community_subscription',
      'registration_alerts',
      'user_roles',
      'gdpr_settings',
      'scoring',
      'loyalty',
    ],
  },
  {
    id: 'moderation',
    labelId: 'hubFeatures.group.moderation',
    names: ['moderation_flags', 'moderation_users', 'moderation_ai'],
  },
  {
    id: 'marketing',
    labelId: 'hubFeatures.group.marketing',
    names: ['seo', 'advertising', 'email_manager', 'broadcast', 'invitation', 'promo_code'],
  },
  {
    id: 'integrations',
    labelId: 'hubFeatures.group.integrations',
    names: ['domain', 'google_cloud_api', 'social_share', 'api_v2', 'webhook', 'app_settings', 'pwa'],
  },
  {
    id: 'analytics',
    labelId: 'hubFeatures.group.analytics',
    names: [
      'insight',
      'data_provisioning_dashboard',
      'data_provisioning_users',
      'data_provisioning_contents',
      'data_provisioning_interests',
      'data_provisioning_polls',
      'data_provisioning_reports',
    ],
  },
  {
    id: 'payments',
    labelId: 'hubFeatures.group.payments',
    names: [
      'payments',
      'payments_settings',
      'payments_products',
      'payments_paywalls_contents',
      'payments_paywalls_community',
      'payments_orders',
    ],
  },
];

/** Groups with every flag in one of them: a flag added to the contract later lands in "Other". */
function groupedFeatures() {
  const listed = new Set(FEATURE_GROUPS.flatMap((group) => group.names));
  const rest = FEATURE_NAMES.filter((name) => !listed.has(name));
  return rest.length > 0
    ? [...FEATURE_GROUPS, { id: 'other', labelId: 'hubFeatures.group.other', names: rest }]
    : FEATURE_GROUPS;
}

/** The groups with only the flags that can be switched; a group left empty is not shown. */
export function liveFeatureGroups() {
  return groupedFeatures()
    .map((group) => ({ ...group, names: group.names.filter((name) => !isFeatureComing(name)) }))
    .filter((group) => group.names.length > 0);
}

/** The flags of areas not built yet, in the groups' order. */
export function comingFeatures(): FeatureName[] {
  return groupedFeatures().flatMap((group) => group.names.filter(isFeatureComing));
}

export function useHubFeaturesQuery(stackId: number | undefined) {
  return useQuery({
    queryKey: hubFeatureKeys.flags(stackId ?? 0),
    queryFn: () => fetchHubFeatures(stackId ?? 0),
    enabled: stackId !== undefined,
  });
}

export interface FeatureSwitch {
  name: FeatureName;
  enabled: boolean;
}

/**
 * Switches one flag: the answer replaces the cached flags, and every community feature answer is
 * refetched before the switch settles, so the drawer and the community's screens follow at once.
 */
export function useToggleHubFeatureMutation(
  stackId: number | undefined,
  callbacks: MutationCallbacks<FeatureFlags, FeatureSwitch> = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: FeatureSwitch) => toggleHubFeature(stackId ?? 0, name, enabled),
    onSuccess: async (flags, change) => {
      client.setQueryData(hubFeatureKeys.flags(stackId ?? 0), flags);
      callbacks.onSuccess?.(flags, change);
      await client.invalidateQueries({ queryKey: featureKeys.all });
    },
    onError: callbacks.onError,
  });
}
