import {
  ErrorCode,
  STAFF_MESSAGES as M,
  StaffErrorCode,
  type StaffMember,
  type StaffRole,
  type UserSearchResult,
} from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { StaffMembership } from '../stacks/stacks.repository.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import { emailRoleName } from '../email-manager/email-words.service.ts';
import * as repo from './staff.repository.ts';
import { seesEmails } from './email-visibility.service.ts';

export const SEARCH_LIMIT = 20;

export interface ManageRolesInput {
  username: string;
  role: StaffRole | null;
  mode?: 'add' | 'edit' | undefined;
  badge?: boolean | undefined;
  prioritize_content?: boolean | undefined;
  disable_notifications?: boolean | undefined;
  gdpr_data_manager?: boolean | undefined;
  gdpr_document_signed?: boolean | undefined;
  notify?: boolean | undefined;
}

type Caller = Pick<StaffMembership, 'stackId' | 'userId' | 'name'>;

export function createStaffService(deps: Pick<PlatformDeps, 'db' | 'clock' | 'mailer'>) {
  const { db } = deps;

  /** Whether the caller may see emails (GDPR data manager, mgmt §6). */
  const seesEmailsOf = (caller: Caller) => seesEmails(db, caller.stackId, caller.userId);

  function toMember(row: repo.StaffRow, showEmail: boolean): StaffMember {
    return {
      id: row.id,
      username: row.username,
      email: showEmail ? row.email : null,
      role: row.role,
      badge: row.badge,
      prioritize_content: row.prioritize_content,
      disable_notifications: row.disable_notifications,
      gdpr_data_manager: row.gdpr_data_manager,
      gdpr_document_signed: row.gdpr_document_signed,
    };
  }

  async function userOrNotFound(stackId: number, username: string) {
    const user = await repo.findUserByUsername(db, stackId, username);
    if (!user) throw AppError.of(404, StaffErrorCode.userNotFound, M.userNotFound, 'username');
    return user;
  }

  async function notify(caller: Caller, email: string, role: StaffRole | null): Promise<void> {
    try {
      if (!email) throw new Error('no email');
      const locale = await recipientLocale(db, caller.stackId, [email]);
      const view = { community_name: caller.name };
      const mail =
        role === null
          ? await renderEmail(db, caller.stackId, 'staff_role_removed', locale, view)
          : await renderEmail(db, caller.stackId, 'staff_role_assigned', locale, {
              ...view,
              role: emailRoleName(role, locale),
            });
      await deps.mailer.send(caller.stackId, { to: [email], ...mail });
    } catch {
      throw AppError.of(502, StaffErrorCode.mailFailed, M.mailFailed);
    }
  }

  /*
   * Spec mgmt §5: "the admin user's role cannot be changed"; §6: "Admin | Full control; assigns
   * roles; own role cannot be changed". Read together: an admin assigns the other roles (and may make
   * someone an admin), but once a staff member is an admin, nobody changes that role from the console:
   * not another admin (no demoting or removing each other, the community's owner included), not the
   * admin themselves. Their attributes (badge, notifications, GDPR) still change.
   */
  function refuseAdminRoleChange(
    caller: Caller,
    user: { id: number; role: string | null },
    role: string | null,
  ) {
    if (user.role !== 'admin' || role === 'admin') return;
    if (user.id === caller.userId) throw AppError.of(403, StaffErrorCode.ownRole, M.ownRole, 'role');
    throw AppError.of(403, StaffErrorCode.adminRole, M.adminRole, 'role');
  }

  async function remove(caller: Caller, username: string, sendMail = false): Promise<null> {
    const user = await userOrNotFound(caller.stackId, username);
    if (user.id === caller.userId) throw AppError.of(403, StaffErrorCode.ownRole, M.ownRole);
    refuseAdminRoleChange(caller, user, null);
    if (user.role === null) throw AppError.of(400, StaffErrorCode.removeFailed, M.removeFailed, 'username');
    try {
      await repo.removeStaff(db, caller.stackId, user.id);
    } catch {
      throw AppError.of(500, StaffErrorCode.removeFailed, M.removeFailed);
    }
    if (sendMail) await notify(caller, user.email, null);
    return null;
  }

  return {
    async list(caller: Caller): Promise<StaffMember[]> {
      const show = await seesEmailsOf(caller);
      return (await repo.listStaff(db, caller.stackId)).map((row) => toMember(row, show));
    },

    async search(caller: Caller, by: { username?: string; email?: string }): Promise<UserSearchResult[]> {
      const show = await seesEmailsOf(caller);
      const email = by.email?.trim() || undefined;
      if (email !== undefined && !show) throw AppError.of(403, ErrorCode.permissionDenied, M.emailSearch);
      const rows = await repo.searchUsers(
        db,
        caller.stackId,
        { username: by.username?.trim() ?? '', ...(email !== undefined ? { email } : {}) },
        SEARCH_LIMIT,
      );
      return rows.map((r) => ({
        id: r.id,
        username: r.username,
        role: r.role,
        email: show ? r.email : null,
      }));
    },

    /** Adds a member to the staff, changes a staff member's role/attributes, or (role null) removes. */
    async manageRoles(caller: Caller, input: ManageRolesInput): Promise<StaffMember | null> {
      if (input.role === null) return remove(caller, input.username, input.notify === true);
      const user = await userOrNotFound(caller.stackId, input.username);
      if (input.mode === 'add' && user.role !== null) {
        throw AppError.of(409, StaffErrorCode.alreadyStaff, M.alreadyStaff, 'username');
      }
      if (user.id === caller.userId && user.role !== input.role) {
        throw AppError.of(403, StaffErrorCode.ownRole, M.ownRole, 'role');
      }
      refuseAdminRoleChange(caller, user, input.role);
      const current = user.role === null ? undefined : user;
      const attributes: repo.StaffAttributeValues = {
        badge: input.badge ?? current?.badge ?? false,
        prioritize_content: input.prioritize_content ?? current?.prioritize_content ?? false,
        disable_notifications: input.disable_notifications ?? current?.disable_notifications ?? false,
        gdpr_data_manager: input.gdpr_data_manager ?? current?.gdpr_data_manager ?? false,
        gdpr_document_signed: input.gdpr_document_signed ?? current?.gdpr_document_signed ?? false,
      };
      if (attributes.gdpr_data_manager && !attributes.gdpr_document_signed) {
        throw AppError.of(400, StaffErrorCode.gdprDocumentRequired, M.gdprDocument, 'gdpr_document_signed');
      }
      if (!attributes.gdpr_data_manager) attributes.gdpr_document_signed = false;
      await repo.saveStaff(
        db,
        caller.stackId,
        user.id,
        input.role,
        attributes,
        caller.userId,
        deps.clock.now(),
      );
      if (input.notify === true) await notify(caller, user.email, input.role);
      const saved = (await repo.findStaffByUserId(db, caller.stackId, user.id)) as repo.StaffRow;
      return toMember(saved, await seesEmailsOf(caller));
    },

    remove,
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
