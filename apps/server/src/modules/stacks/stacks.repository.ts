import { CONSOLE_ROLES } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { StaffMembership } from '../../platform/stack-scope/stack-scope.ts';
import { banRows } from '../user-moderation/ban-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './stacks.tables.ts';

/** The guard's notion of a staff caller lives in the platform; this module's queries answer it. */
export type { StaffMembership };

function membershipQuery(db: Db) {
  return db
    .selectFrom(communityUserRows(db).as('u'))
    .innerJoin('stacks as s', 's.id', 'u.stack_id')
    .leftJoin(banRows(db).as('b'), (j) =>
      j.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'),
    )
    .select([
      'u.status as memberStatus',
      'b.ban_until as banUntil',
      's.id as stackId',
      's.slug',
      's.name',
      's.community_type as communityType',
      's.status',
      'u.id as userId',
      'u.username',
      'u.role',
      'u.account_id as accountId',
    ])
    .where('u.role', 'is not', null);
}

/** Communities where the account is staff with console access. */
export async function listConsoleMemberships(db: Db, accountId: number): Promise<StaffMembership[]> {
  const rows = await membershipQuery(db)
    .where('u.account_id', '=', accountId)
    .where('u.role', 'in', [...CONSOLE_ROLES])
    .orderBy('s.name')
    .orderBy('s.id')
    .execute();
  return rows as StaffMembership[];
}

export async function findMembershipByUser(db: Db, stackId: number, userId: number) {
  return (await membershipQuery(db)
    .where('u.stack_id', '=', stackId)
    .where('u.id', '=', userId)
    .executeTakeFirst()) as StaffMembership | undefined;
}
