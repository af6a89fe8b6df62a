import type { StaffRole } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { accountEmails } from '../auth/account-emails.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { setStaffRole } from '../users/staff-roles.repository.ts';
import type {} from './staff.tables.ts';

export interface CommunityUserRow {
  id: number;
  username: string;
  email: string;
  role: StaffRole | null;
}

export interface StaffRow extends CommunityUserRow {
  role: StaffRole;
  badge: boolean;
  prioritize_content: boolean;
  disable_notifications: boolean;
  gdpr_data_manager: boolean;
  gdpr_document_signed: boolean;
}

export interface StaffAttributeValues {
  badge: boolean;
  prioritize_content: boolean;
  disable_notifications: boolean;
  gdpr_data_manager: boolean;
  gdpr_document_signed: boolean;
}

/**
 * A community user with its staff attributes, in one statement: the user row from the users module's
 * source, the email its own or, when it has none, its console account's (auth's source).
 */
function userQuery(db: Db, stackId: number) {
  return db
    .selectFrom(communityUserRows(db).as('u'))
    .leftJoin(accountEmails(db).as('a'), 'a.id', 'u.account_id')
    .leftJoin('staff_attributes as sa', (join) =>
      join.onRef('sa.stack_id', '=', 'u.stack_id').onRef('sa.user_id', '=', 'u.id'),
    )
    .where('u.stack_id', '=', stackId)
    .select((eb) => [
      'u.id',
      'u.username',
      'u.role',
      eb.fn.coalesce(eb.fn('nullif', ['u.email', eb.val('')]), 'a.email', eb.val('')).as('email'),
      eb.fn.coalesce('sa.badge', eb.val(false)).as('badge'),
      eb.fn.coalesce('sa.prioritize_content', eb.val(false)).as('prioritize_content'),
      eb.fn.coalesce('sa.disable_notifications', eb.val(false)).as('disable_notifications'),
      eb.fn.coalesce('sa.gdpr_data_manager', eb.val(false)).as('gdpr_data_manager'),
      eb.fn.coalesce('sa.gdpr_document_signed', eb.val(false)).as('gdpr_document_signed'),
    ]);
}

export async function listStaff(db: Db, stackId: number): Promise<StaffRow[]> {
  const rows = await userQuery(db, stackId).where('u.role', 'is not', null).orderBy('u.username').execute();
  return rows as StaffRow[];
}

export async function findUserByUsername(db: Db, stackId: number, username: string) {
  return (await userQuery(db, stackId)
    .where((eb) => eb(eb.fn('lower', ['u.username']), '=', username.toLowerCase()))
    .executeTakeFirst()) as (StaffRow | (CommunityUserRow & StaffAttributeValues)) | undefined;
}

export async function findStaffByUserId(db: Db, stackId: number, userId: number) {
  return (await userQuery(db, stackId).where('u.id', '=', userId).executeTakeFirst()) as
    (CommunityUserRow & StaffAttributeValues) | undefined;
}

export async function searchUsers(
  db: Db,
  stackId: number,
  by: { username?: string; email?: string },
  limit: number,
): Promise<CommunityUserRow[]> {
  let q = userQuery(db, stackId);
  if (by.username !== undefined) {
    q = q.where((eb) =>
      eb(eb.fn('lower', ['u.username']), 'like', `${escapeLike(by.username!.toLowerCase())}%`),
    );
  }
  if (by.email !== undefined) {
    q = q.where((eb) =>
      eb(
        eb.fn('lower', [eb.fn.coalesce(eb.fn('nullif', ['u.email', eb.val('')]), 'a.email', eb.val(''))]),
        'like',
        `${escapeLike(by.email!.toLowerCase())}%`,
      ),
    );
  }
  const rows = await q.orderBy('u.username').limit(limit).execute();
  return rows as CommunityUserRow[];
}

/** Sets the role and attributes of a user in one transaction. */
export async function saveStaff(
  db: Db,
  stackId: number,
  userId: number,
  role: StaffRole,
  attributes: StaffAttributeValues,
  by: number,
  now: Date,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await setStaffRole(trx, stackId, userId, role);
    await trx
      .insertInto('staff_attributes')
      .values({ stack_id: stackId, user_id: userId, ...attributes, updated_at: now, updated_by: by })
      .onConflict((oc) =>
        oc.columns(['stack_id', 'user_id']).doUpdateSet({ ...attributes, updated_at: now, updated_by: by }),
      )
      .execute();
  });
}

/** Drops a user's staff attributes (the user is being erased); runs in the caller's transaction. */
export async function dropStaffAttributes(db: Db, stackId: number, userId: number): Promise<void> {
  await db
    .deleteFrom('staff_attributes')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .execute();
}

/** Makes a staff member a plain member again (role NULL, attributes dropped). */
export async function removeStaff(db: Db, stackId: number, userId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('staff_attributes')
      .where('stack_id', '=', stackId)
      .where('user_id', '=', userId)
      .execute();
    await setStaffRole(trx, stackId, userId, null);
  });
}
