import type { Db } from '../../platform/db/database.ts';
import type {} from './domain-settings.tables.ts';

/** The community's own domain, or null when it uses the platform's address. */
export async function customDomainOf(db: Db, stackId: number): Promise<string | null> {
  const row = await db
    .selectFrom('stack_domains')
    .select('domain')
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
  return row?.domain ?? null;
}

/** Whether another community already uses the domain. */
export async function domainTakenByOther(db: Db, domain: string, stackId: number): Promise<boolean> {
  const row = await db
    .selectFrom('stack_domains')
    .select('stack_id')
    .where('domain', '=', domain)
    .where('stack_id', '<>', stackId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function saveDomain(db: Db, stackId: number, domain: string | null, now: Date): Promise<void> {
  if (domain === null) {
    await db.deleteFrom('stack_domains').where('stack_id', '=', stackId).execute();
    return;
  }
  await db
    .insertInto('stack_domains')
    .values({ stack_id: stackId, domain, updated_at: now })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet({ domain, updated_at: now }))
    .execute();
}

/** The community a custom domain belongs to (its id), or undefined (host routing, ADR 0029). */
export async function stackIdOfDomain(db: Db, domain: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('stack_domains')
    .select('stack_id')
    .where('domain', '=', domain)
    .executeTakeFirst();
  return row?.stack_id;
}
