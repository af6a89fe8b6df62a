import type { Db } from '../../platform/db/database.ts';
import './dynamic-preferences.tables.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

/** The stored (non-default) values of a community, by name. */
export async function storedValues(db: Db, stackId: number, names?: string[]): Promise<Map<string, string>> {
  if (names && names.length === 0) return new Map();
  let query = db.selectFrom('dynamic_preferences').select(['name', 'value']).where('stack_id', '=', stackId);
  if (names) query = query.where('name', 'in', names);
  const rows = await query.execute();
  return new Map(rows.map((row) => [row.name, row.value]));
}

export async function writeValues(
  db: Db,
  stackId: number,
  values: { name: string; section: string; value: string }[],
  accountId: number | null,
  at: Date,
): Promise<void> {
  if (values.length === 0) return;
  // The change and its `dynamic_preference.updated` events (webhooks) commit together.
  if (!db.isTransaction)
    return db.transaction().execute((trx) => writeValues(trx, stackId, values, accountId, at));
  for (const { name, section, value } of values)
    await recordEvent(db, {
      stackId,
      type: 'dynamic_preference.updated',
      data: { name, section, value },
      at,
    });
  await db
    .insertInto('dynamic_preferences')
    .values(
      values.map((v) => ({
        stack_id: stackId,
        name: v.name,
        section: v.section,
        value: v.value,
        updated_at: at,
        updated_by: accountId,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['stack_id', 'name']).doUpdateSet((eb) => ({
        value: eb.ref('excluded.value'),
        updated_at: eb.ref('excluded.updated_at'),
        updated_by: eb.ref('excluded.updated_by'),
      })),
    )
    .execute();
}

/**
 * Stores a community's sealed secret. `keepExisting`: only when the community has none of that name
 * (the first of two racing writers wins); otherwise it replaces the old one.
 */
export async function writeSecret(
  db: Db,
  stackId: number,
  name: string,
  sealed: string,
  at: Date,
  mode: 'replace' | 'keepExisting' = 'replace',
): Promise<void> {
  await db
    .insertInto('stack_secrets')
    .values({ stack_id: stackId, name, sealed, updated_at: at })
    .onConflict((oc) => {
      const target = oc.columns(['stack_id', 'name']);
      return mode === 'keepExisting' ? target.doNothing() : target.doUpdateSet({ sealed, updated_at: at });
    })
    .execute();
}

export async function readSecret(db: Db, stackId: number, name: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('stack_secrets')
    .select('sealed')
    .where('stack_id', '=', stackId)
    .where('name', '=', name)
    .executeTakeFirst();
  return row?.sealed;
}
