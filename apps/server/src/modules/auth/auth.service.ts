import {
  ErrorCode,
  TwoFactorErrorCode,
  type SigninResult,
  type SsoResult,
  type SsoTicket,
  type Token,
  type TwoFactorChallenge,
  type TwoFactorSigninResult,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/password-hasher.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import {
  findAccountById,
  findAccountByLogin,
  touchLastLogin,
  type AccountRow,
} from './account.repository.ts';
import { toSessionUser } from './session-user.ts';
import { throttleKeys, type SignInThrottle } from './sign-in-throttle.service.ts';
import type { TokenService } from './token.service.ts';
import { listPreferences } from '../preferences/preferences.repository.ts';
import type { StacksService } from '../stacks/stacks.service.ts';
import * as tickets from './sso-ticket.repository.ts';
import type { SecondFactorGate } from './second-factor-gate.ts';

export const CONSOLE_CLIENT_ID = 'agora-console';
export const SSO_TICKET_TTL_SECONDS = 60;

export interface AuthServiceDeps {
  db: Db;
  clock: Clock;
  throttle: SignInThrottle;
  tokens: TokenService;
  stacks: StacksService;
  publicUrl: string;
  /** Accounts with a second factor get a challenge instead of a session (two-factor module). */
  secondFactor?: SecondFactorGate;
}

const WRONG_CREDENTIALS = 'Unable to sign in with the provided credentials.';

export function createAuthService(deps: AuthServiceDeps) {
  const { db, clock, throttle, tokens } = deps;

  /** A console session; `onlyStackId` binds one handed off from a community to that community. */
  async function sessionFor(
    account: AccountRow,
    clientId: string,
    onlyStackId?: number,
  ): Promise<SigninResult> {
    const now = clock.now();
    await touchLastLogin(db, account.id, now);
    const token =
      onlyStackId === undefined
        ? await tokens.issue(account.id, clientId)
        : await tokens.issueForCommunity(account.id, onlyStackId, clientId);
    const preferences = await listPreferences(db, account.id);
    const user = toSessionUser({ ...account, last_login: now });
    // Hub permissions are never reachable from a community: the console must not offer them either.
    return { user: onlyStackId === undefined ? user : { ...user, perms: [] }, token, preferences };
  }

  /** Checks username-or-email and password; the same message whether or not the account exists. */
  async function checkCredentials(login: string, password: string, ip: string): Promise<AccountRow> {
    const account = await findAccountByLogin(db, login);
    // Reserved (and counted as a failure) before the password is looked at: beyond the limit, none is.
    const attempt = await throttle.reserveOrThrow(
      account ? throttleKeys.account(account.id) : throttleKeys.unknownLogin(login),
      ip,
    );
    const ok = account
      ? await verifyPassword(account.password_hash, password)
      : (await verifyAgainstDummy(password), false);
    if (ok && account?.is_active) await throttle.succeed(attempt);
    if (!account || !ok || !account.is_active) {
      throw AppError.of(400, ErrorCode.invalidCredentials, WRONG_CREDENTIALS);
    }
    return account;
  }

  return {
    checkCredentials,

    async signIn(login: string, password: string, ip: string): Promise<SigninResult | TwoFactorChallenge> {
      const account = await checkCredentials(login, password, ip);
      const challenge = await deps.secondFactor?.challengeIfEnabled(account.id, null);
      return challenge ?? sessionFor(account, CONSOLE_CLIENT_ID);
    },

    /** OAuth password grant: never for an account with a second factor (it signs in at auth/signin/). */
    async passwordGrant(login: string, password: string, ip: string, clientId: string): Promise<Token> {
      const account = await checkCredentials(login, password, ip);
      if (await deps.secondFactor?.isEnabled(account.id)) {
        throw AppError.of(
          400,
          TwoFactorErrorCode.required,
          'This account uses two-step verification: sign in through the console.',
        );
      }
      return tokens.issue(account.id, clientId);
    },

    /** Whether a session for the account needs its second factor (hand-offs then give no token). */
    hasSecondFactor: async (accountId: number): Promise<boolean> =>
      (await deps.secondFactor?.isEnabled(accountId)) ?? false,

    /** After the second factor: the session the challenge stood for (bound to its SSO community). */
    async resumeSignIn(accountId: number, stackId: number | null): Promise<TwoFactorSigninResult> {
      const account = await findAccountById(db, accountId);
      if (!account?.is_active) throw AppError.of(400, ErrorCode.invalidCredentials, WRONG_CREDENTIALS);
      if (stackId === null) return sessionFor(account, CONSOLE_CLIENT_ID);
      const stack = await deps.stacks.stackForAccount(account.id, stackId);
      if (!stack)
        throw AppError.of(400, ErrorCode.invalidTicket, 'This sign-in link is invalid or has expired.');
      return { ...(await sessionFor(account, CONSOLE_CLIENT_ID, stackId)), stack };
    },

    /** A community issues a one-time ticket for one of its console staff users. */
    async issueSsoTicket(stackId: number, communityUserId: number): Promise<SsoTicket> {
      const ticket = newOpaqueToken('agsso');
      const now = clock.now();
      await tickets.insertTicket(db, {
        hash: digestToken(ticket),
        stackId,
        communityUserId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + SSO_TICKET_TTL_SECONDS * 1000),
      });
      return {
        ticket,
        expires_in: SSO_TICKET_TTL_SECONDS,
        platform_url: `${deps.publicUrl}/community/sso/?ticket=${encodeURIComponent(ticket)}`,
      };
    },

    /** Exchanges a ticket (once, before it expires) for a console session in that community. */
    async exchangeSsoTicket(ticket: string): Promise<SsoResult | TwoFactorChallenge> {
      const invalid = AppError.of(
        400,
        ErrorCode.invalidTicket,
        'This sign-in link is invalid or has expired.',
        'ticket',
      );
      const claimed = await tickets.claimTicket(db, digestToken(ticket), clock.now());
      if (!claimed) throw invalid;
      const staff = await deps.stacks.staffByCommunityUser(claimed.stack_id, claimed.community_user_id);
      if (!staff?.accountId) throw invalid;
      const account = await findAccountById(db, staff.accountId);
      if (!account?.is_active) throw invalid;
      const stack = await deps.stacks.stackForAccount(account.id, claimed.stack_id);
      if (!stack) throw invalid;
      // An account with a second factor answers its code first (then auth/signin/two_factor/).
      const challenge = await deps.secondFactor?.challengeIfEnabled(account.id, claimed.stack_id);
      if (challenge) return challenge;
      return { ...(await sessionFor(account, CONSOLE_CLIENT_ID, claimed.stack_id)), stack };
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
