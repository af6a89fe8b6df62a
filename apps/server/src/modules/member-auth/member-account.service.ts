import {
  ErrorCode,
  MEMBER_ACCOUNT_CODE_TTL_SECONDS,
  MEMBER_SITE_ACCOUNT_PAGES,
  checkMemberPassword,
  type MemberAccountCodePurpose,
  type Token,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import { hashPassword } from '../../platform/auth/password-hasher.ts';
import { passwordWeakness } from '../../platform/auth/password-strength.ts';
import { standingError } from '../../platform/member-scope/member-scope.ts';
import type { SignInThrottle } from '../auth/sign-in-throttle.service.ts';
import type { TokenService } from '../auth/token.service.ts';
import { revokeMemberFamilies } from '../auth/token.repository.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { customDomainOf } from '../domain-settings/domain-settings.repository.ts';
import { recipientLocale, renderEmail } from '../email-manager/email-manager.service.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import {
  liveMemberByEmail,
  liveMemberById,
  markEmailVerified,
  setMemberPasswordHash,
} from '../users/member-account-rows.repository.ts';
import { memberStanding } from '../user-moderation/user-moderation.repository.ts';
import * as codes from './member-account-codes.repository.ts';
import { ensureMemberClient, recordMemberLogin } from './member-auth.repository.ts';

/** What the account emails need: the database, the mail settings and the preferences' sealed values. */
export type AccountEmailDeps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'mailer' | 'secretBox'>;

export interface MemberAccountDeps extends PlatformDeps {
  tokens: TokenService;
  throttle: SignInThrottle;
}

const INVALID_CODE = 'This link is invalid or has expired.';
/** Which `url_template_*` preference overrides the member site's page of each email. */
const URL_TEMPLATE: Record<MemberAccountCodePurpose, string> = {
  verify_email: 'url_template_verify_email',
  password_reset: 'url_template_password_recover',
};
const CODE_PREFIX: Record<MemberAccountCodePurpose, string> = {
  verify_email: 'agev',
  password_reset: 'agpr',
};

/**
 * Wrong codes are counted per community and client address (a code names nobody until it is right),
 * besides the throttle's own count per address (an IPv6 /64): one person guessing cannot lock the
 * community's other members out of their links.
 */
const codeKey = (stackId: number, ip: string) => `account-code:${stackId}:${ip}`;

const invalidCode = () => AppError.of(400, ErrorCode.invalid, INVALID_CODE, 'validation_code');

/**
 * The emails of a member's account: a one-time code (a digest kept, expiring) and its link, the
 * `url_template_*` preference when set, else the member site's own page.
 */
export function createMemberAccountEmails(deps: AccountEmailDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  /** The member site's address: the community's own domain, else `{PUBLIC_URL}/c/{slug}`. */
  async function siteBase(stackId: number): Promise<string> {
    const domain = await customDomainOf(db, stackId);
    const publicUrl = new URL(deps.config.publicUrl);
    if (domain) return `${publicUrl.protocol}//${domain}`;
    const slug = (await findStack(db, stackId))?.slug ?? String(stackId);
    return `${deps.config.publicUrl.replace(/\/$/, '')}/c/${encodeURIComponent(slug)}`;
  }

  /** The link of an email: the `url_template_*` preference with its `{validation_code}`, else the site's page. */
  async function linkOf(stackId: number, purpose: MemberAccountCodePurpose, code: string): Promise<string> {
    const template = String((await preferences.get(stackId, URL_TEMPLATE[purpose])).value ?? '');
    const encoded = encodeURIComponent(code);
    if (template.includes('{validation_code}')) return template.split('{validation_code}').join(encoded);
    return `${await siteBase(stackId)}${MEMBER_SITE_ACCOUNT_PAGES[purpose]}?token=${encoded}`;
  }

  /** A new code for the member (their earlier one of the purpose ends) and the email carrying it. */
  async function codeMail(
    stackId: number,
    member: { id: number; username: string; email: string },
    purpose: MemberAccountCodePurpose,
  ) {
    const now = clock.now();
    const code = newOpaqueToken(CODE_PREFIX[purpose]);
    const ttl = MEMBER_ACCOUNT_CODE_TTL_SECONDS[purpose];
    await codes.insertAccountCode(
      db,
      {
        codeHash: digestToken(code),
        stackId,
        userId: member.id,
        purpose,
        email: member.email,
        expiresAt: new Date(now.getTime() + ttl * 1000),
      },
      now,
    );
    const url = await linkOf(stackId, purpose, code);
    const locale = await recipientLocale(db, stackId, [member.email]);
    const mail =
      purpose === 'verify_email'
        ? await renderEmail(db, stackId, 'account_verify_email', locale, {
            username: member.username,
            verify_url: url,
            expires_in_hours: Math.round(ttl / 3600),
          })
        : await renderEmail(db, stackId, 'account_password_reset', locale, {
            username: member.username,
            reset_url: url,
            expires_in_minutes: Math.round(ttl / 60),
          });
    return { to: [member.email], ...mail };
  }

  return {
    linkOf,
    codeMail,

    /**
     * Sends the member a verification email for their current address, unless they have none or it is
     * verified already. Answers whether a mail went out.
     */
    async sendVerification(stackId: number, userId: number): Promise<boolean> {
      const member = await liveMemberById(db, stackId, userId);
      if (!member || !member.email || member.email_validated) return false;
      await deps.mailer.send(stackId, await codeMail(stackId, member, 'verify_email'));
      return true;
    },
  };
}

/**
 * A member's account by email (issue 18 §2), SelfCommunity's `account/verify|recover|reset`: emails
 * through the community's mail settings and its email manager templates, carrying a one-time code that
 * is stored as a digest, expires, and is used up by its first use. Recovery never tells whether an
 * address is known; every call that takes an address or a code is throttled as sign-in is.
 */
export function createMemberAccountService(deps: MemberAccountDeps) {
  const { db, clock } = deps;
  const emails = createMemberAccountEmails(deps);
  const { codeMail } = emails;

  /** Throttled like a sign-in: per address (or code holder) and per client address. */
  async function throttled<T>(key: string, ip: string, attempt: () => Promise<T | undefined>): Promise<T> {
    const reserved = await deps.throttle.reserveOrThrow(key, ip);
    const result = await attempt();
    if (result === undefined) throw invalidCode();
    await deps.throttle.succeed(reserved);
    return result;
  }

  /** A sign-in for the member once their code is used, unless their standing refuses it (403 with its code). */
  async function signIn(stackId: number, userId: number): Promise<{ token: Token }> {
    const standing = await memberStanding(db, stackId, userId, clock.now());
    const refused = standing ? standingError(standing.standing, standing.banUntil) : undefined;
    if (!standing || (refused && refused.statusCode === 401)) throw invalidCode();
    if (refused) throw refused;
    await recordMemberLogin(db, stackId, userId, clock.now());
    return {
      token: await deps.tokens.issueForMember(stackId, userId, await ensureMemberClient(db, stackId)),
    };
  }

  return {
    /** `account/verify/send/`: a new verification email on the member's own request, throttled. */
    async resendVerification(stackId: number, userId: number, ip: string): Promise<boolean> {
      await deps.throttle.reserveOrThrow(`verify-send:${stackId}:${userId}`, ip);
      return emails.sendVerification(stackId, userId);
    },

    /**
     * `account/recover/`: mails a recovery link when the address is a member's; the same answer, and the
     * same throttle, either way. The mail leaves after the answer, so its time tells nothing either.
     */
    async recover(stackId: number, email: string, ip: string, onMailError: (error: unknown) => void) {
      const address = email.trim().toLowerCase();
      await deps.throttle.reserveOrThrow(`recover:${stackId}:${address}`, ip);
      const member = await liveMemberByEmail(db, stackId, address);
      if (!member) return;
      const mail = await codeMail(stackId, member, 'password_reset');
      void deps.mailer.send(stackId, mail).catch(onMailError);
    },

    /** `account/verify/`: proves the address the code was sent to, and signs the member in. */
    async verify(stackId: number, code: string, ip: string): Promise<{ token: Token }> {
      const userId = await throttled(codeKey(stackId, ip), ip, async () => {
        const claimed = await codes.claimAccountCode(
          db,
          stackId,
          digestToken(code),
          'verify_email',
          clock.now(),
        );
        if (!claimed) return undefined;
        // The member changed their address since: the code proved the old one only.
        return (await markEmailVerified(db, stackId, claimed.userId, claimed.email))
          ? claimed.userId
          : undefined;
      });
      return signIn(stackId, userId);
    },

    /** `account/verify/validation_code/`: whether a code is live, without using it up. */
    async check(stackId: number, code: string, ip: string): Promise<{ purpose: MemberAccountCodePurpose }> {
      return throttled(codeKey(stackId, ip), ip, async () => {
        const live = await codes.liveAccountCode(db, stackId, digestToken(code), clock.now());
        return live && { purpose: live.purpose };
      });
    },

    /**
     * `account/reset/`: a new password (the sign-up's rules), the member's other sign-ins ended, and a
     * new sign-in. A password refused leaves the code usable.
     */
    async reset(stackId: number, code: string, password: string, ip: string): Promise<{ token: Token }> {
      const digest = digestToken(code);
      const member = await throttled(codeKey(stackId, ip), ip, async () => {
        const live = await codes.liveAccountCode(db, stackId, digest, clock.now());
        if (!live || live.purpose !== 'password_reset') return undefined;
        return liveMemberById(db, stackId, live.user_id);
      });
      const problem =
        checkMemberPassword(password) ?? passwordWeakness(password, [member.username, member.email]);
      if (problem) throw new AppError(400, [errorEntry(problem.code, problem.message, 'password')]);
      const hash = await hashPassword(password);
      const now = clock.now();
      const claimed = await codes.claimAccountCode(db, stackId, digest, 'password_reset', now);
      if (!claimed || claimed.userId !== member.id) throw invalidCode();
      await db.transaction().execute(async (trx) => {
        await setMemberPasswordHash(trx, stackId, member.id, hash);
        await revokeMemberFamilies(trx, stackId, member.id, now);
      });
      return signIn(stackId, member.id);
    },
  };
}

export type MemberAccountService = ReturnType<typeof createMemberAccountService>;
