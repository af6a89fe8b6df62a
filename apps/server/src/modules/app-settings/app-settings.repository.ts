import type { AppPlatform, AppRequestStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './app-settings.tables.ts';

export interface AppRequestRow {
  status: AppRequestStatus;
  account: Record<string, string>;
  sent_at: Date;
  updated_at: Date;
}

export async function findAppRequest(
  db: Db,
  stackId: number,
  platform: AppPlatform,
): Promise<AppRequestRow | undefined> {
  const row = await db
    .selectFrom('app_requests')
    .select(['status', 'account', 'sent_at', 'updated_at'])
    .where('stack_id', '=', stackId)
    .where('platform', '=', platform)
    .executeTakeFirst();
  return row ? { ...row, status: row.status as AppRequestStatus } : undefined;
}

export async function appRequestHistory(db: Db, stackId: number, platform: AppPlatform) {
  return db
    .selectFrom('app_request_events')
    .select(['status', 'at'])
    .where('stack_id', '=', stackId)
    .where('platform', '=', platform)
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/**
 * Sends (or sends again) a request: status 'sent' with the new accounts and date, one timeline event.
 * `allowedFrom` is checked under the row lock, so two concurrent calls cannot both pass.
 */
export async function sendAppRequest(
  db: Db,
  input: {
    stackId: number;
    platform: AppPlatform;
    account: Record<string, string>;
    accountId: number;
    at: Date;
    allowedFrom: (status: AppRequestStatus | null) => boolean;
  },
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('app_requests')
      .select('status')
      .where('stack_id', '=', input.stackId)
      .where('platform', '=', input.platform)
      .forUpdate()
      .executeTakeFirst();
    if (!input.allowedFrom((current?.status as AppRequestStatus | undefined) ?? null)) return false;
    const values = {
      status: 'sent',
      account: JSON.stringify(input.account),
      sent_at: input.at,
      updated_at: input.at,
    };
    await trx
      .insertInto('app_requests')
      .values({ stack_id: input.stackId, platform: input.platform, ...values })
      .onConflict((oc) => oc.columns(['stack_id', 'platform']).doUpdateSet(values))
      .execute();
    await trx
      .insertInto('app_request_events')
      .values({
        stack_id: input.stackId,
        platform: input.platform,
        status: 'sent',
        account_id: input.accountId,
        at: input.at,
      })
      .execute();
    return true;
  });
}

/** Moves a request to `to` when `allowed(from)`; answers the status found (undefined: no request). */
export async function moveAppRequest(
  db: Db,
  input: {
    stackId: number;
    platform: AppPlatform;
    to: AppRequestStatus;
    accountId: number;
    at: Date;
    allowed: (from: AppRequestStatus) => boolean;
  },
): Promise<{ from: AppRequestStatus | undefined; moved: boolean }> {
  return db.transaction().execute(async (trx) => {
    const current = await trx
      .selectFrom('app_requests')
      .select('status')
      .where('stack_id', '=', input.stackId)
      .where('platform', '=', input.platform)
      .forUpdate()
      .executeTakeFirst();
    const from = current?.status as AppRequestStatus | undefined;
    if (!from || !input.allowed(from)) return { from, moved: false };
    await trx
      .updateTable('app_requests')
      .set({ status: input.to, updated_at: input.at })
      .where('stack_id', '=', input.stackId)
      .where('platform', '=', input.platform)
      .execute();
    await trx
      .insertInto('app_request_events')
      .values({
        stack_id: input.stackId,
        platform: input.platform,
        status: input.to,
        account_id: input.accountId,
        at: input.at,
      })
      .execute();
    return { from, moved: true };
  });
}
