import type { Db } from '../../platform/db/database.ts';
import { liveAccessTokenQuery } from '../auth/live-access-token.repository.ts';
import type { StaffAccess } from '../../platform/stack-scope/stack-scope.ts';
import {
  enabledFeaturesOf,
  featureOverridesColumn,
  type FeatureOverride,
} from '../features/feature-overrides.repository.ts';
import { lacksRequiredSecondFactorColumn } from '../two-factor/second-factor-requirement.repository.ts';
import { banRows } from '../user-moderation/ban-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './stacks.tables.ts';

/**
 * Everything the community guard decides on, in one statement (ADR 0013): the live bearer token
 * (platform), the community named by the slug (this module), the account's staff link there (users)
 * and its ban (user-moderation), whether the community requires a second factor the account lacks
 * (two-factor), and
 * the community's flags (features). The composition root keeps the answer until this process commits
 * a write to one of these tables, and for under a second otherwise (ADR 0015).
 *
 * Undefined when the token is not live (401); a live token without a staff link in that community
 * (or an unknown slug) answers `membership: undefined` (404).
 */
export async function findStaffAccess(
  db: Db,
  tokenDigest: string,
  slug: string,
  now: Date,
): Promise<StaffAccess | undefined> {
  const row = await liveAccessTokenQuery(db, tokenDigest, now)
    .leftJoin('stacks as s', (join) => join.on('s.slug', '=', slug))
    .leftJoin(communityUserRows(db).as('u'), (join) =>
      join
        .onRef('u.stack_id', '=', 's.id')
        .onRef('u.account_id', '=', 't.account_id')
        .on('u.role', 'is not', null),
    )
    .leftJoin(banRows(db).as('b'), (join) =>
      join.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'),
    )
    .select((eb) => [
      't.account_id as accountId',
      't.family_id as familyId',
      't.client_id as clientId',
      'f.only_stack_id as onlyStackId',
      't.expires_at as tokenExpiresAt',
      'f.expires_at as familyExpiresAt',
      's.id as stackId',
      's.slug',
      's.name',
      's.community_type as communityType',
      's.status',
      's.plan',
      'u.id as userId',
      'u.username',
      'u.role',
      'u.status as memberStatus',
      'b.ban_until as banUntil',
      featureOverridesColumn(eb.ref('s.id')).as('featureOverrides'),
      lacksRequiredSecondFactorColumn(eb.ref('t.account_id'), eb.ref('s.id')).as('lacksSecondFactor'),
    ])
    .executeTakeFirst();
  if (!row || row.accountId === null) return undefined;
  const account = {
    accountId: row.accountId,
    familyId: row.familyId,
    clientId: row.clientId,
    onlyStackId: row.onlyStackId,
  };
  const liveUntil = new Date(Math.min(row.tokenExpiresAt.getTime(), row.familyExpiresAt.getTime()));
  if (row.stackId === null || row.userId === null || row.role === null || row.slug === null) {
    return { account, membership: undefined, lacksRequiredSecondFactor: false, liveUntil };
  }
  return {
    account,
    membership: {
      stackId: row.stackId,
      slug: row.slug,
      name: row.name ?? '',
      communityType: row.communityType ?? '',
      status: row.status ?? '',
      userId: row.userId,
      username: row.username ?? '',
      role: row.role,
      accountId: row.accountId,
      memberStatus: row.memberStatus ?? 'active',
      banUntil: row.banUntil,
      features: enabledFeaturesOf(row.plan ?? '', row.featureOverrides as FeatureOverride[]),
    },
    lacksRequiredSecondFactor: Boolean(row.lacksSecondFactor),
    liveUntil,
  };
}
