import type { Db } from '../../platform/db/database.ts';
import './member-auth.tables.ts';

export type AccountCodePurpose = 'verify_email' | 'password_reset';

export interface NewAccountCode {
  codeHash: string;
  stackId: number;
  userId: number;
  purpose: AccountCodePurpose;
  email: string;
  expiresAt: Date;
}

/**
 * Stores a new code. A member has one live code per purpose: the earlier ones end, so only the latest
 * email works; expired and used codes of more than a day are removed on the way.
 */
export async function insertAccountCode(db: Db, code: NewAccountCode, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('member_account_codes')
      .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
      .execute();
    await trx
      .updateTable('member_account_codes')
      .set({ used_at: now })
      .where('stack_id', '=', code.stackId)
      .where('user_id', '=', code.userId)
      .where('purpose', '=', code.purpose)
      .where('used_at', 'is', null)
      .execute();
    await trx
      .insertInto('member_account_codes')
      .values({
        code_hash: code.codeHash,
        stack_id: code.stackId,
        user_id: code.userId,
        purpose: code.purpose,
        email: code.email,
        expires_at: code.expiresAt,
        created_at: now,
      })
      .execute();
  });
}

/** A live code of the community (unused, unexpired), with its purpose. */
export function liveAccountCode(db: Db, stackId: number, codeHash: string, now: Date) {
  return db
    .selectFrom('member_account_codes')
    .select(['user_id', 'purpose', 'email'])
    .where('code_hash', '=', codeHash)
    .where('stack_id', '=', stackId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
}

/**
 * Uses a live code of one purpose up: only one caller ever gets it (the update is the claim). Answers
 * who it was for, or undefined when it is unknown, used, expired, of another community or purpose.
 */
export async function claimAccountCode(
  db: Db,
  stackId: number,
  codeHash: string,
  purpose: AccountCodePurpose,
  now: Date,
): Promise<{ userId: number; email: string } | undefined> {
  const row = await db
    .updateTable('member_account_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('stack_id', '=', stackId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning(['user_id', 'email'])
    .executeTakeFirst();
  return row && { userId: row.user_id, email: row.email };
}

/** Records that a member sign-in was started by an owner's SSO JWT. */
export async function recordSsoFamily(db: Db, stackId: number, familyId: string, now: Date): Promise<void> {
  await db
    .insertInto('member_sso_families')
    .values({ family_id: familyId, stack_id: stackId, created_at: now })
    .execute();
}

/** Whether a sign-in was started by an owner's SSO JWT. */
export async function isSsoFamily(db: Db, familyId: string): Promise<boolean> {
  const row = await db
    .selectFrom('member_sso_families')
    .select('family_id')
    .where('family_id', '=', familyId)
    .executeTakeFirst();
  return row !== undefined;
}
