import { ErrorCode, isFeatureComing, type FeatureName } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { enabledFeatureMap } from './features.repository.ts';

/**
 * The one feature gate of the server. A route declares its flag in `config.feature` (the community
 * guard checks it); a service whose rule depends on a flag (a tag type, a moderation bot, points)
 * asks here, never the features tables.
 */

export const FEATURE_DISABLED_MESSAGE = 'This feature is not enabled for this community.';

/** The 403 `feature_disabled` answer of a switched-off feature. */
export function featureDisabled(message: string = FEATURE_DISABLED_MESSAGE): AppError {
  return AppError.of(403, ErrorCode.featureDisabled, message);
}

/** The flags that are on in each of several communities (one read for a list of communities). */
export function enabledFeaturesByStack(db: Db, stackIds: number[]): Promise<Map<number, FeatureName[]>> {
  return enabledFeatureMap(db, stackIds);
}

/** The flags that are on in a community (a nested flag counts only while its group is on). */
export async function enabledFeatures(db: Db, stackId: number): Promise<FeatureName[]> {
  return (await enabledFeatureMap(db, [stackId])).get(stackId) ?? [];
}

/** Whether one flag is on in a community. */
export async function hasFeature(db: Db, stackId: number, name: FeatureName): Promise<boolean> {
  return (await enabledFeatures(db, stackId)).includes(name);
}

/** Refuses with 403 `feature_disabled` unless the flag is on in the community. */
export async function requireFeature(db: Db, stackId: number, name: FeatureName): Promise<void> {
  if (!(await hasFeature(db, stackId, name))) throw featureDisabled();
}

/**
 * Refuses with 400 to switch a flag of an area not built yet (`coming` in the contract): it is off
 * whatever is stored, so answering 200 would tell the caller something changed when nothing did.
 */
export function requireSwitchable(name: FeatureName): void {
  if (isFeatureComing(name)) {
    throw AppError.of(
      400,
      ErrorCode.invalid,
      `The feature "${name}" belongs to an area Agora does not have yet: it stays off and cannot be switched.`,
      'name',
    );
  }
}
