import { expressionBuilder, type Expression } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { FeatureName } from '@agora/contract';
import type { Database } from '../../platform/db/schema.ts';
import { enabledNames, flagsFrom } from './features.repository.ts';
import './features.tables.ts';

/** A hub administrator's choice for one flag of a community (over its plan's default). */
export interface FeatureOverride {
  name: string;
  enabled: boolean;
}

/**
 * A community's flag overrides as one JSON array column, for a query that reads them together with
 * something else in one round trip (the community guard, ADR 0013). `stackId` is the outer query's
 * community id; turn the column into enabled names with `enabledFeaturesOf`.
 */
export function featureOverridesColumn(stackId: Expression<number | null>) {
  const eb = expressionBuilder<Database, never>();
  return jsonArrayFrom(
    eb
      .selectFrom('stack_features as sf')
      .select(['sf.name', 'sf.enabled'])
      .where('sf.stack_id', '=', stackId)
      .orderBy('sf.name'),
  );
}

/** The flags that are on: the plan's defaults, overridden, a nested flag only while its group is on. */
export function enabledFeaturesOf(plan: string, overrides: readonly FeatureOverride[]): FeatureName[] {
  return enabledNames(flagsFrom(plan, overrides));
}
