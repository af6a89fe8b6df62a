import {
  emailLanguageOf,
  ErrorCode,
  MemberApiErrorCode,
  checkMemberSignUp,
  MEMBER_PEOPLE_MESSAGES as M,
  MEMBER_ROLES,
  type MemberFieldProblem,
  type MemberSignUpBody,
  type SsoSignUpBody,
  type SsoSignUpResult,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { hashPassword } from '../../platform/auth/password-hasher.ts';
import { passwordWeakness } from '../../platform/auth/password-strength.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { registrationAllowed } from '../registration-alerts/registration-alerts.service.ts';
import { preferenceValues } from './member-people.service.ts';
import { addUserTags } from '../tagging/user-tag-rows.repository.ts';
import * as signUp from '../users/member-sign-up.repository.ts';
import { setMemberLanguage } from '../users/member-language.repository.ts';
import type { Db } from '../../platform/db/database.ts';
import {
  signUpInvitation,
  signUpWithInvitation,
  type SignUpInvitation,
} from '../invitations/invitations.service.ts';
import { autoFollowedCategoryIds } from '../categories/categories.repository.ts';
import { followCategoriesAtSignUp } from './category-interests.repository.ts';
import { userTagIds } from '../tagging/tagging.repository.ts';
import { promoCodeTagsAtSignUp } from '../promo-codes/promo-codes.service.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { acceptLegalPagesAtSignUp, legalPagesAcceptedAtSignUp } from '../legal-pages/legal-pages.service.ts';
import { createMemberAccountEmails } from '../member-auth/member-account.service.ts';

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox' | 'config' | 'mailer'>;

function fieldErrors(problems: MemberFieldProblem[]): AppError {
  // One entry per field (its first problem), as SelfCommunity's clients read them.
  const seen = new Set<string>();
  const entries = problems
    .filter((p) => !seen.has(p.field) && seen.add(p.field))
    .map((p) => errorEntry(p.code, p.message, p.field));
  return new AppError(400, entries);
}

/** The strength rule, once the password's length is right: the person's own names are known words. */
function strengthProblems(
  problems: MemberFieldProblem[],
  body: { username?: string; email?: string; real_name?: string; password?: string },
): MemberFieldProblem[] {
  if (!body.password || problems.some((p) => p.field === 'password')) return problems;
  const weak = passwordWeakness(body.password, [body.username, body.email, body.real_name]);
  return weak ? [...problems, { field: 'password', ...weak }] : problems;
}

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: string }).code === '23505';
}

/** Sign-up (`account/create`) and SSO sign-up (`sso/signup`): new members of one community. */
export function createMemberAccountsService(deps: Deps) {
  const { db, clock } = deps;

  async function uniqueness(
    stackId: number,
    values: { username: string; email: string; extId: string | null },
  ): Promise<MemberFieldProblem[]> {
    const problems: MemberFieldProblem[] = [];
    if (await signUp.usernameTaken(db, stackId, values.username)) {
      problems.push({ field: 'username', code: ErrorCode.unique, message: M.usernameTaken });
    }
    if (values.email && (await signUp.emailTaken(db, stackId, values.email))) {
      problems.push({ field: 'email', code: ErrorCode.unique, message: M.emailTaken });
    }
    if (values.extId && (await signUp.extIdTaken(db, stackId, values.extId))) {
      problems.push({ field: 'ext_id', code: ErrorCode.unique, message: M.extIdTaken });
    }
    return problems;
  }

  async function insert(
    stackId: number,
    member: signUp.NewMember,
    invite?: SignUpInvitation,
  ): Promise<number> {
    const create = async (executor: Db, role: string | null) => {
      const id = await signUp.insertMember(executor, stackId, { ...member, role });
      // Forced and preselected categories are followed from the start (issue 13 §1).
      const autoFollowed = await autoFollowedCategoryIds(executor, stackId);
      await followCategoriesAtSignUp(executor, stackId, id, autoFollowed, member.at);
      const data = { id, username: member.username, real_name: member.realName, status: member.status };
      await recordEvent(executor, { stackId, type: 'user.created', data, at: member.at });
      return id;
    };
    try {
      // With an invite code: its role, tags and categories, and the invitation used, all at once.
      if (invite) return await signUpWithInvitation(db, stackId, invite, member.at, create);
      return await db.transaction().execute((trx) => create(trx, member.role));
    } catch (error) {
      // Two sign-ups raced for the same username or ext_id.
      if (isUniqueViolation(error)) {
        throw fieldErrors([{ field: 'username', code: ErrorCode.unique, message: M.usernameTaken }]);
      }
      throw error;
    }
  }

  async function requireRegistrationsOpen(stackId: number): Promise<void> {
    if (!(await registrationAllowed(db, stackId, clock.now()))) {
      throw AppError.of(403, MemberApiErrorCode.registrationsClosed, M.registrationsClosed);
    }
  }

  return {
    /**
     * A new member. Invitation-only communities take sign-ups from their admins only; with admin
     * approval on, a member who signs up alone waits as `pending` (an admin's sign-up is approved).
     */
    async signUp(stackId: number, body: MemberSignUpBody, caller: MemberCaller | undefined): Promise<number> {
      const byAdmin = caller?.role === 'admin';
      const prefs = await preferenceValues(deps, stackId, ['registration_mode', 'users_approval_enabled']);
      // An invite code (issue 14 §3): the only way in when invitation-only; it forces the username.
      const invite = await signUpInvitation(db, stackId, body.invite_code);
      if (prefs.registration_mode === MemberApiErrorCode.invitationOnly && !byAdmin && !invite) {
        throw AppError.of(403, MemberApiErrorCode.invitationOnly, M.invitationOnly);
      }
      if (invite) body = { ...body, username: invite.username, email: body.email?.trim() || invite.email };
      await requireRegistrationsOpen(stackId);
      const problems = strengthProblems(checkMemberSignUp(body, { email: true, password: true }), body);
      if (problems.length > 0) throw fieldErrors(problems);
      const username = (body.username ?? '').trim();
      const email = (body.email ?? '').trim();
      const taken = await uniqueness(stackId, { username, email, extId: null });
      if (taken.length > 0) throw fieldErrors(taken);
      // A promo code (issue 14 §4): unknown, expired or not yet valid is refused; valid, its user tags.
      const promoTags = await promoCodeTagsAtSignUp(deps, stackId, body.promo_code);
      // The legal pages accepted on the form (issue 18 §2): current versions only.
      const legalPages = await legalPagesAcceptedAtSignUp(db, stackId, body.legal_pages);
      const id = await insert(
        stackId,
        {
          username,
          email,
          realName: (body.real_name ?? '').trim(),
          passwordHash: await hashPassword(body.password ?? ''),
          extId: null,
          role: null,
          status: prefs.users_approval_enabled === true && !byAdmin ? 'pending' : 'active',
          registeredFrom: 'app',
          at: clock.now(),
        },
        invite,
      );
      await addUserTags(db, stackId, id, promoTags);
      await setMemberLanguage(db, stackId, id, emailLanguageOf(body.language));
      await acceptLegalPagesAtSignUp(db, stackId, id, legalPages, clock.now());
      // The address is proven by the link of this email (`account/verify/`). A mail that cannot leave
      // now does not undo the sign-up: the member asks again with `account/verify/send/`.
      await createMemberAccountEmails(deps)
        .sendVerification(stackId, id)
        .catch(() => false);
      return id;
    },

    /** An admin registers a member of an external system (its `ext_id`), with a role and user tags. */
    async ssoSignUp(stackId: number, body: SsoSignUpBody): Promise<SsoSignUpResult> {
      await requireRegistrationsOpen(stackId);
      const problems = strengthProblems(checkMemberSignUp(body, { email: false, password: false }), body);
      const role = body.role ?? null;
      if (role !== null && !(MEMBER_ROLES as readonly string[]).includes(role)) {
        problems.push({ field: 'role', code: ErrorCode.invalid, message: M.roleInvalid });
      }
      const tagIds = [...new Set(body.tags ?? [])];
      const found = await userTagIds(db, stackId, tagIds);
      if (found.length !== tagIds.length) {
        problems.push({ field: 'tags', code: ErrorCode.invalid, message: M.tagsInvalid });
      }
      const extId =
        body.ext_id === undefined || body.ext_id === null || String(body.ext_id).trim() === ''
          ? null
          : String(body.ext_id).trim();
      if (problems.length > 0) throw fieldErrors(problems);
      const username = (body.username ?? '').trim();
      const email = (body.email ?? '').trim();
      const taken = await uniqueness(stackId, { username, email, extId });
      if (taken.length > 0) throw fieldErrors(taken);
      const id = await insert(stackId, {
        username,
        email,
        realName: (body.real_name ?? '').trim(),
        passwordHash: body.password ? await hashPassword(body.password) : null,
        extId,
        role,
        status: 'active',
        registeredFrom: 'app',
        at: clock.now(),
      });
      await addUserTags(db, stackId, id, tagIds);
      await setMemberLanguage(db, stackId, id, emailLanguageOf(body.language));
      return {
        id,
        ext_id: extId,
        username,
        email,
        role: role as SsoSignUpResult['role'],
        tags: [...tagIds].sort((a, b) => a - b),
        avatar: null,
      };
    },
  };
}
