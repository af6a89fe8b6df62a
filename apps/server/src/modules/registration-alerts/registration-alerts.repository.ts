import type { RegistrationAlertSettings, RegistrationAlertSpan } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type {} from './registration-alerts.tables.ts';

export async function findSettings(db: Db, stackId: number): Promise<RegistrationAlertSettings | undefined> {
  const row = await db
    .selectFrom('registration_alert_settings')
    .select(['active', 'span', 'date_from', 'date_to', 'threshold', 'recipients', 'block'])
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
  return row ? { ...row, span: row.span as RegistrationAlertSpan } : undefined;
}

export async function saveSettings(
  db: Db,
  stackId: number,
  settings: RegistrationAlertSettings,
  accountId: number | null,
  at: Date,
): Promise<void> {
  const values = {
    active: settings.active,
    span: settings.span,
    date_from: settings.date_from,
    date_to: settings.date_to,
    threshold: settings.threshold,
    recipients: JSON.stringify(settings.recipients),
    block: settings.block,
    updated_at: at,
    updated_by: accountId,
  };
  await db
    .insertInto('registration_alert_settings')
    .values({ stack_id: stackId, ...values })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet(values))
    .execute();
}

export async function sentLevels(db: Db, stackId: number, windowKey: string): Promise<number[]> {
  const rows = await db
    .selectFrom('registration_alerts_sent')
    .select('level')
    .where('stack_id', '=', stackId)
    .where('window_key', '=', windowKey)
    .orderBy('level')
    .execute();
  return rows.map((row) => row.level);
}

/**
 * Records levels as dealt with; answers the ones this call recorded (a concurrent worker that got
 * there first keeps the others), so a level's mail goes out once.
 */
export async function claimLevels(
  db: Db,
  input: {
    stackId: number;
    windowKey: string;
    levels: number[];
    mailedLevel: number;
    registrations: number;
    threshold: number;
    at: Date;
  },
): Promise<number[]> {
  if (input.levels.length === 0) return [];
  const rows = await db
    .insertInto('registration_alerts_sent')
    .values(
      input.levels.map((level) => ({
        stack_id: input.stackId,
        window_key: input.windowKey,
        level,
        registrations: input.registrations,
        threshold: input.threshold,
        mailed: level === input.mailedLevel,
        sent_at: input.at,
      })),
    )
    .onConflict((oc) => oc.columns(['stack_id', 'window_key', 'level']).doNothing())
    .returning('level')
    .execute();
  return rows.map((row) => row.level);
}

/** Forgets claimed levels (their mail could not be sent), so the next run tries again. */
export async function releaseLevels(db: Db, stackId: number, windowKey: string, levels: number[]) {
  if (levels.length === 0) return;
  await db
    .deleteFrom('registration_alerts_sent')
    .where('stack_id', '=', stackId)
    .where('window_key', '=', windowKey)
    .where('level', 'in', levels)
    .execute();
}
