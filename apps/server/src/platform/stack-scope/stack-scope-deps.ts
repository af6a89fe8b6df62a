import { authenticate } from '../auth/authenticate.ts';
import type { PlatformDeps } from '../platform-deps.ts';
import { enabledFeatureMap } from '../../modules/features/features.repository.ts';
import { lacksRequiredSecondFactor } from '../../modules/two-factor/two-factor.repository.ts';
import type { StackScopeDeps } from './stack-scope.ts';

/** What the community guard needs, from the platform (one definition for every guard in the app). */
export function stackScopeDeps(deps: Pick<PlatformDeps, 'db' | 'clock' | 'stacks'>): StackScopeDeps {
  return {
    authenticate: authenticate(deps.db, deps.clock),
    membershipBySlug: deps.stacks.membershipBySlug,
    enabledFeatures: async (stackId) => (await enabledFeatureMap(deps.db, [stackId])).get(stackId) ?? [],
    lacksRequiredSecondFactor: (accountId, stackId) => lacksRequiredSecondFactor(deps.db, accountId, stackId),
    now: () => deps.clock.now(),
  };
}
