import type { Db } from '../../platform/db/database.ts';
import { findStacks } from '../stacks/stack-row.repository.ts';
import { consoleCommunitiesOf, consoleStaffOf } from '../users/community-users.repository.ts';
import './two-factor.tables.ts';

export async function findTwoFactor(db: Db, accountId: number) {
  return db
    .selectFrom('account_two_factor')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
}

/** Starts (or restarts) an enrolment with a new sealed secret; refused when already enabled. */
export async function savePendingSecret(db: Db, accountId: number, sealed: string, at: Date) {
  const row = await db
    .insertInto('account_two_factor')
    .values({
      account_id: accountId,
      secret_sealed: sealed,
      enabled_at: null,
      last_used_step: null,
      created_at: at,
      updated_at: at,
    })
    .onConflict((oc) =>
      oc
        .column('account_id')
        .doUpdateSet({ secret_sealed: sealed, last_used_step: null, updated_at: at })
        .where('account_two_factor.enabled_at', 'is', null),
    )
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Takes a TOTP time step: succeeds only when it is newer than the last one taken, so two requests
 * with the same code cannot both pass, whichever process answers them.
 */
export async function takeTimeStep(db: Db, accountId: number, step: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('account_two_factor')
    .set({ last_used_step: step, updated_at: at })
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step)]))
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markEnabled(db: Db, accountId: number, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('account_two_factor')
    .set({ enabled_at: at, updated_at: at })
    .where('account_id', '=', accountId)
    .where('enabled_at', 'is', null)
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteTwoFactor(db: Db, accountId: number): Promise<void> {
  await db.deleteFrom('account_recovery_codes').where('account_id', '=', accountId).execute();
  await db.deleteFrom('account_two_factor').where('account_id', '=', accountId).execute();
}

export async function replaceRecoveryCodes(db: Db, accountId: number, hashes: string[], at: Date) {
  await db.deleteFrom('account_recovery_codes').where('account_id', '=', accountId).execute();
  await db
    .insertInto('account_recovery_codes')
    .values(hashes.map((code_hash) => ({ account_id: accountId, code_hash, used_at: null, created_at: at })))
    .execute();
}

/** Uses a recovery code once: true only for the one request that marks it used. */
export async function useRecoveryCode(db: Db, accountId: number, hash: string, at: Date): Promise<boolean> {
  const row = await db
    .updateTable('account_recovery_codes')
    .set({ used_at: at })
    .where('account_id', '=', accountId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function countUnusedRecoveryCodes(db: Db, accountId: number): Promise<number> {
  const row = await db
    .selectFrom('account_recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('account_id', '=', accountId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertChallenge(
  db: Db,
  values: { hash: string; accountId: number; stackId: number | null; createdAt: Date; expiresAt: Date },
): Promise<void> {
  // Expired challenges are of no use to anyone: each new one sweeps them.
  await db.deleteFrom('two_factor_challenges').where('expires_at', '<', values.createdAt).execute();
  await db
    .insertInto('two_factor_challenges')
    .values({
      token_hash: values.hash,
      account_id: values.accountId,
      stack_id: values.stackId,
      created_at: values.createdAt,
      expires_at: values.expiresAt,
      used_at: null,
    })
    .execute();
}

/** A challenge still open: unused, unexpired and with attempts left. */
export async function findOpenChallenge(db: Db, hash: string, now: Date, maxAttempts: number) {
  return db
    .selectFrom('two_factor_challenges')
    .select(['account_id', 'stack_id'])
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .where('attempts', '<', maxAttempts)
    .executeTakeFirst();
}

export async function countChallengeAttempt(db: Db, hash: string): Promise<void> {
  await db
    .updateTable('two_factor_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', hash)
    .execute();
}

/** Closes a challenge once: true only for the one request that closes it. */
export async function closeChallenge(db: Db, hash: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('two_factor_challenges')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .returning('account_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function findRequirement(db: Db, stackId: number) {
  return db
    .selectFrom('stack_two_factor_requirements')
    .select('required')
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
}

export async function saveRequirement(db: Db, stackId: number, required: boolean, by: number, at: Date) {
  await db
    .insertInto('stack_two_factor_requirements')
    .values({ stack_id: stackId, required, updated_at: at, updated_by: by })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet({ required, updated_at: at, updated_by: by }))
    .execute();
}

/** The guard's one question: does this community require a second factor the account lacks? */
export async function lacksRequiredSecondFactor(db: Db, accountId: number, stackId: number) {
  const row = await db
    .selectFrom('stack_two_factor_requirements as r')
    .leftJoin('account_two_factor as t', (j) => j.on('t.account_id', '=', accountId))
    .select(['r.required', 't.enabled_at'])
    .where('r.stack_id', '=', stackId)
    .executeTakeFirst();
  return row?.required === true && !row.enabled_at;
}

/** Usernames of a community's console staff without an enabled second factor. */
export async function staffWithoutSecondFactor(db: Db, stackId: number): Promise<string[]> {
  const staff = await consoleStaffOf(db, stackId);
  const enabled = await accountsWithSecondFactor(
    db,
    staff.flatMap((s) => (s.account_id === null ? [] : [s.account_id])),
  );
  return staff.filter((s) => s.account_id === null || !enabled.has(s.account_id)).map((s) => s.username);
}

/** Which of these accounts have an enabled second factor. */
async function accountsWithSecondFactor(db: Db, accountIds: number[]): Promise<Set<number>> {
  if (accountIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('account_two_factor')
    .select('account_id')
    .where('account_id', 'in', accountIds)
    .where('enabled_at', 'is not', null)
    .execute();
  return new Set(rows.map((r) => r.account_id));
}

/** The communities where the account is console staff and a second factor is required. */
export async function communitiesRequiring(db: Db, accountId: number) {
  const staffOf = await consoleCommunitiesOf(db, accountId);
  if (staffOf.length === 0) return [];
  const required = await db
    .selectFrom('stack_two_factor_requirements')
    .select('stack_id')
    .where('stack_id', 'in', staffOf)
    .where('required', '=', true)
    .execute();
  const stacks = await findStacks(
    db,
    required.map((r) => r.stack_id),
  );
  return stacks.map(({ id, slug, name }) => ({ id, slug, name }));
}
