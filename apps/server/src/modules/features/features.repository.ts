import {
  FEATURE_NAMES,
  featuresOfPlan,
  isFeatureComing,
  isFeatureEnabled,
  PLANS,
  type FeatureName,
  type Plan,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { plansOf } from '../stacks/stack-row.repository.ts';
import './features.tables.ts';

function planOf(value: string): Plan {
  return (PLANS as readonly string[]).includes(value) ? (value as Plan) : 'go';
}

/**
 * Every flag of one community: its plan's defaults, overridden by a hub administrator's choices; a
 * flag of an area not built yet (`coming` in the contract) is off whatever was stored for it.
 */
export function flagsFrom(
  plan: string,
  overrides: readonly { name: string; enabled: boolean }[],
): Record<FeatureName, boolean> {
  const defaults = new Set<string>(featuresOfPlan(planOf(plan)));
  const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, defaults.has(name)])) as Record<
    FeatureName,
    boolean
  >;
  for (const row of overrides) if (row.name in flags) flags[row.name as FeatureName] = row.enabled;
  for (const name of FEATURE_NAMES) if (isFeatureComing(name)) flags[name] = false;
  return flags;
}

/** Every flag of each community (see `flagsFrom`). */
export async function flagsOf(
  db: Db,
  stackIds: number[],
): Promise<Map<number, Record<FeatureName, boolean>>> {
  const result = new Map<number, Record<FeatureName, boolean>>();
  if (stackIds.length === 0) return result;
  const [stacks, overrides] = await Promise.all([
    plansOf(db, stackIds),
    db
      .selectFrom('stack_features')
      .select(['stack_id', 'name', 'enabled'])
      .where('stack_id', 'in', stackIds)
      .execute(),
  ]);
  for (const stack of stacks) {
    result.set(
      stack.id,
      flagsFrom(
        stack.plan,
        overrides.filter((row) => row.stack_id === stack.id),
      ),
    );
  }
  return result;
}

/** The names of the flags that are on (a nested flag needs its group on too). */
export function enabledNames(flags: Record<FeatureName, boolean>): FeatureName[] {
  const on = FEATURE_NAMES.filter((name) => flags[name]);
  return on.filter((name) => isFeatureEnabled(on, name));
}

export async function enabledFeatureMap(db: Db, stackIds: number[]): Promise<Map<number, FeatureName[]>> {
  const flags = await flagsOf(db, stackIds);
  return new Map([...flags].map(([id, f]) => [id, enabledNames(f)]));
}

export async function setFeature(
  db: Db,
  stackId: number,
  name: FeatureName,
  enabled: boolean,
): Promise<void> {
  await db
    .insertInto('stack_features')
    .values({ stack_id: stackId, name, enabled })
    .onConflict((oc) => oc.columns(['stack_id', 'name']).doUpdateSet({ enabled }))
    .execute();
}
