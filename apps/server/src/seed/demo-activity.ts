import type { Db } from '../platform/db/database.ts';
import { generateActivity, hasActivity, type GenerateActivityResult } from './activity-generator.ts';

/** The demo community's activity on a fresh database: small enough to keep the first start quick. */
export const DEMO_ACTIVITY = { users: 300, days: 365, seed: 42 } as const;

/**
 * Fills the demo community (/c/demo) with a year of generated activity ending now, so the dashboard
 * and the analytics screens show real numbers on the first start. Does nothing when the community is
 * missing or already has members or activity. Tests do not call it (buildTestApp bootstraps only).
 */
export async function seedDemoActivity(
  db: Db,
  options: { now?: Date; log?: (line: string) => void } = {},
): Promise<GenerateActivityResult | null> {
  const stack = await db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirst();
  if (!stack || (await hasActivity(db, stack.id))) return null;
  const result = await generateActivity(db, stack.id, {
    ...DEMO_ACTIVITY,
    endDate: options.now ?? new Date(),
  });
  options.log?.(
    `  Demo community: ${result.counts.community_users} generated members, ${result.events} events (${result.ms} ms)`,
  );
  return result;
}
