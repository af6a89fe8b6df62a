import { CONSOLE_ROLES, type Stack, type StackStatus, type StaffRole } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import * as repo from './stacks.repository.ts';
import { enabledFeaturesByStack } from '../features/features.service.ts';
import { systemClock, type Clock } from '../../platform/clock.ts';
import { effectiveStanding } from '../../platform/member-scope/member-standing.ts';

/** A community's internal url: where its own API lives (spec core §7). */
export function internalUrl(publicUrl: string, slug: string): string {
  return `${publicUrl}/c/${slug}`;
}

export function createStacksService(db: Db, publicUrl: string, clock: Clock = systemClock) {
  function toStack(m: repo.StaffMembership, features: string[]): Stack {
    return {
      id: m.stackId,
      slug: m.slug,
      token: null,
      roles: [m.role as StaffRole],
      username: m.username,
      internal_url: internalUrl(publicUrl, m.slug),
      userId: m.userId,
      authToken: null,
      data_provisioning_token: null,
      communityType: m.communityType,
      communityName: m.name,
      status: m.status as StackStatus,
      features,
    };
  }

  async function withFeatures(memberships: repo.StaffMembership[]): Promise<Stack[]> {
    const features = await enabledFeaturesByStack(
      db,
      memberships.map((m) => m.stackId),
    );
    return memberships.map((m) => toStack(m, features.get(m.stackId) ?? []));
  }

  return {
    /** The communities the account may open in the console. */
    listForAccount: async (accountId: number) =>
      withFeatures(
        // A community where the account's staff member is banned or deleted is not theirs to open.
        (await repo.listConsoleMemberships(db, accountId)).filter(
          (m) => effectiveStanding(m.memberStatus ?? 'active', m.banUntil ?? null, clock.now()) === 'active',
        ),
      ),

    async stackForAccount(accountId: number, stackId: number): Promise<Stack | undefined> {
      return (await this.listForAccount(accountId)).find((s) => s.id === stackId);
    },

    async stackOf(membership: repo.StaffMembership): Promise<Stack> {
      // The community guard read the flags with the membership: no second read.
      if (membership.features) return toStack(membership, [...membership.features]);
      const [stack] = await withFeatures([membership]);
      return stack as Stack;
    },

    async staffByCommunityUser(stackId: number, userId: number) {
      const m = await repo.findMembershipByUser(db, stackId, userId);
      return m && CONSOLE_ROLES.includes(m.role as StaffRole) ? m : undefined;
    },
  };
}

export type StacksService = ReturnType<typeof createStacksService>;
