import {
  APPROVAL_TRANSITIONS,
  REGISTRATION_APPROVAL_MESSAGES as M,
  RegistrationApprovalErrorCode,
  type ApprovalAction,
  type ApprovalFilter,
  type ApprovalRequest,
  type ApprovalStatus,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import {
  findMember,
  moveMemberStatus,
  pageOfMembersWithStatus,
} from '../users/community-users.repository.ts';
import { tagsOfUsers } from '../tagging/user-tags.repository.ts';

/** How a member's status reads as a registration request's status. */
export function approvalStatusOf(status: string): ApprovalStatus | null {
  if (status === 'pending' || status === 'ignored') return status;
  if (status === 'active') return 'approved';
  return null;
}

export function createRegistrationApprovalService(deps: Pick<PlatformDeps, 'db' | 'mailer' | 'config'>) {
  const { db } = deps;

  async function page(
    stackId: number,
    q: { status: ApprovalFilter; search?: string; limit: number; offset: number },
  ): Promise<{ count: number; results: ApprovalRequest[] }> {
    const { count, rows } = await pageOfMembersWithStatus(db, stackId, q);
    const tags = await tagsOfUsers(
      db,
      stackId,
      rows.map((row) => row.id),
    );
    return {
      count,
      results: rows.map((row) => ({
        id: row.id,
        username: row.username,
        email: row.email,
        tags: tags
          .filter((tag) => tag.user_id === row.id)
          .map(({ id, name, color }) => ({ id, name, color })),
        submitted_at: row.created_at.toISOString(),
        status: approvalStatusOf(row.status) ?? q.status,
      })),
    };
  }

  /** Applies the state machine of spec mgmt §4; approving activates the member and tells them by email. */
  async function manage(stackId: number, userId: number, action: ApprovalAction): Promise<ApprovalRequest> {
    const member = await findMember(db, stackId, userId);
    const current = member ? approvalStatusOf(member.status) : null;
    if (!member || current === null) {
      throw AppError.of(404, RegistrationApprovalErrorCode.userNotFound, M.userNotFound, 'user_id');
    }
    const next = APPROVAL_TRANSITIONS[current][action];
    if (!next)
      throw AppError.of(409, RegistrationApprovalErrorCode.invalidTransition, M.invalidTransition, 'action');
    const stored = next === 'approved' ? 'active' : next;
    if (!(await moveMemberStatus(db, stackId, userId, member.status, stored))) {
      throw AppError.of(409, RegistrationApprovalErrorCode.invalidTransition, M.invalidTransition, 'action');
    }
    if (next === 'approved' && member.email) {
      const mail = await renderEmail(
        db,
        stackId,
        'registration_approved',
        await recipientLocale(db, stackId, [member.email]),
        { username: member.username, sign_in_url: deps.config.publicUrl },
      );
      await deps.mailer.send(stackId, { to: [member.email], ...mail });
    }
    const tags = await tagsOfUsers(db, stackId, [userId]);
    return {
      id: member.id,
      username: member.username,
      email: member.email,
      tags: tags.map(({ id, name, color }) => ({ id, name, color })),
      submitted_at: member.created_at.toISOString(),
      status: next,
    };
  }

  return { page, manage };
}
