import { areaAllows } from '@agora/contract';
import type { PlatformDeps } from '../platform/platform-deps.ts';
import { effectiveStanding } from '../platform/member-scope/member-standing.ts';
import { seesEmails } from '../modules/staff/email-visibility.service.ts';
import type { StacksService } from '../modules/stacks/stacks.service.ts';

/** The role data managers hold in the model's access policies (see model/users.yml). */
export const GDPR_DATA_MANAGER_ROLE = 'gdpr_data_manager';

/**
 * The holder of a data-provisioning token as they stand *now*: a token is only a signed reminder of
 * who asked for it, so every query looks the holder up again. Undefined (the token is refused) once
 * they left the staff or hold a role without the analytics area (spec mgmt §6), are banned or deleted in the community,
 * or their console account is disabled; otherwise their roles for the model's access policies (their
 * staff role, plus `gdpr_data_manager` when the one e-mail visibility rule lets them see e-mails).
 */
export async function currentTokenHolder(
  deps: Pick<PlatformDeps, 'db' | 'clock'> & { stacks: StacksService },
  stackId: number,
  userId: number,
): Promise<{ roles: string[] } | undefined> {
  const membership = await deps.stacks.staffByCommunityUser(stackId, userId);
  if (!membership || !areaAllows('analytics', membership.role)) return undefined;
  const standing = effectiveStanding(
    membership.memberStatus ?? 'active',
    membership.banUntil ?? null,
    deps.clock.now(),
  );
  if (standing !== 'active') return undefined;
  if (membership.accountId !== null) {
    const account = await deps.db
      .selectFrom('accounts')
      .select('is_active')
      .where('id', '=', membership.accountId)
      .executeTakeFirst();
    if (!account?.is_active) return undefined;
  }
  const roles = [membership.role];
  if (await seesEmails(deps.db, stackId, userId)) roles.push(GDPR_DATA_MANAGER_ROLE);
  return { roles };
}
