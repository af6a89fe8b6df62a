import { CONSOLE_ROLES } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';

export interface StaffMembership {
  stackId: number;
  slug: string;
  name: string;
  communityType: string;
  status: string;
  userId: number;
  username: string;
  role: string;
  accountId: number | null;
}

function membershipQuery(db: Db) {
  return db
    .selectFrom('community_users as u')
    .innerJoin('stacks as s', 's.id', 'u.stack_id')
    .select([
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

/** The account's staff link in one community (any role), looked up by slug. */
export async function findMembershipBySlug(db: Db, accountId: number, slug: string) {
  return (await membershipQuery(db)
    .where('u.account_id', '=', accountId)
    .where('s.slug', '=', slug)
    .executeTakeFirst()) as StaffMembership | undefined;
}

export async function findMembershipByUser(db: Db, stackId: number, userId: number) {
  return (await membershipQuery(db)
    .where('u.stack_id', '=', stackId)
    .where('u.id', '=', userId)
    .executeTakeFirst()) as StaffMembership | undefined;
}
