import type { Stack } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { createDbAuditSink } from '../../platform/audit/audit-recorder.ts';

/** Who changed their second factor, and from where. */
export interface AccountActor {
  accountId: number;
  ip: string | null;
}

export interface AccountAuditEvent {
  /** The hub route that made the change (its action key is derived from it: `account.two_factor.…`). */
  route: string;
  details: Record<string, unknown>;
}

/**
 * An account's own second factor belongs to no community, yet it guards every community the account
 * is staff of: the change is written to the audit log of each of them, inside the caller's
 * transaction, so a change whose entries cannot be written does not happen. An account that is staff
 * nowhere (a hub administrator without a community) has no community log to write to.
 */
export async function recordAccountEvent(
  trx: Db,
  clock: Clock,
  communities: readonly Stack[],
  actor: AccountActor,
  event: AccountAuditEvent,
): Promise<void> {
  const sink = createDbAuditSink(trx, clock);
  for (const stack of communities) {
    await sink.record({
      stackId: stack.id,
      accountId: actor.accountId,
      communityUserId: stack.userId,
      username: stack.username,
      role: stack.roles[0] ?? null,
      method: 'POST',
      route: event.route,
      target: { stack: { id: stack.id, slug: stack.slug }, account: { id: actor.accountId } },
      details: event.details,
      ip: actor.ip,
    });
  }
}
