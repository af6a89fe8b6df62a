import {
  ErrorCode,
  TwoFactorErrorCode,
  memberJwtClaimsSchema,
  type StaffRole,
  type Token,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { digestToken } from '../../platform/auth/opaque-token.ts';
import { verifyAgainstDummy, verifyPassword } from '../../platform/auth/password-hasher.ts';
import { looksLikeJwt, verifyHsJwt, type HsAlgorithm } from '../../platform/crypto/hs-jwt.ts';
import {
  standingError,
  type Community,
  type MemberCaller,
  type MemberLookup,
} from '../../platform/member-scope/member-scope.ts';
import { throttleKeys, type SignInThrottle } from '../auth/sign-in-throttle.service.ts';
import { GrantError, type TokenService } from '../auth/token.service.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import { memberStanding } from '../user-moderation/user-moderation.repository.ts';
import * as repo from './member-auth.repository.ts';
import { findMemberAccess } from '../stacks/member-access.repository.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { findLiveAppToken, isAppToken } from '../oauth-apps/app-tokens.repository.ts';

const WRONG_CREDENTIALS = 'Unable to sign in with the provided credentials.';

export interface MemberAuthDeps extends PlatformDeps {
  tokens: TokenService;
  throttle: SignInThrottle;
}

/**
 * How members prove who they are to their community: their own password through the community's
 * OAuth client, a server-to-server JWT signed with the community's key, or (for its staff) a console
 * token. Every path ends at one community_users row of that community, never another's.
 */
export function createMemberAuthService(deps: MemberAuthDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  async function fromJwt(community: Community, token: string): Promise<MemberCaller | undefined> {
    const secret = await preferences.jwtSecret(community.stackId);
    if (!secret) return undefined;
    const algorithm = String(
      (await preferences.get(community.stackId, 'jwt_algorithm')).value,
    ) as HsAlgorithm;
    const payload = verifyHsJwt(token, secret, [algorithm]);
    const claims = memberJwtClaimsSchema.safeParse(payload);
    if (!claims.success) return undefined;
    if (claims.data.exp <= Math.floor(clock.now().getTime() / 1000)) return undefined;
    const member = await repo.findMemberById(db, community.stackId, claims.data.user_id);
    return (
      member && {
        userId: member.id,
        username: member.username,
        role: member.role as StaffRole | null,
        via: 'jwt',
      }
    );
  }

  return {
    async communityBySlug(slug: string): Promise<Community | undefined> {
      const row = await findStackBySlug(db, slug);
      return row && { stackId: row.id, slug: row.slug, name: row.name };
    },

    /**
     * The member API guard's question (ADR 0013): the community and who the token is there, with
     * their standing. An opaque token (member or console) costs one statement; a JWT needs the
     * community's key first.
     */
    async memberAccess(slug: string, token: string | undefined): Promise<MemberLookup | undefined> {
      if (!token || looksLikeJwt(token)) {
        const community = await this.communityBySlug(slug);
        if (!community || !token) return community && { community };
        const caller = await fromJwt(community, token);
        if (!caller) return { community };
        return { community, caller, standing: await this.standing(community.stackId, caller.userId) };
      }
      const found = await findMemberAccess(db, slug, digestToken(token), clock.now());
      if (!found) return undefined;
      const { community, member, staff } = found;
      if (member) {
        const { userId, username, role, standing } = member;
        return {
          community,
          caller: { userId, username, role: role as StaffRole | null, via: 'member_token' },
          standing,
        };
      }
      // A console token works where its account is staff, unless its sign-in was handed off from
      // another community; the community's second-factor rule holds here as in its console API.
      if (!staff) {
        // A confidential OAuth app's client credentials token: the community itself, no member.
        if (!isAppToken(token)) return { community };
        const app = await findLiveAppToken(db, community.stackId, digestToken(token), clock.now());
        return app ? { community, app: { clientId: app.clientId } } : { community };
      }
      if (staff.onlyStackId !== null && staff.onlyStackId !== community.stackId) return { community };
      if (staff.lacksRequiredSecondFactor) {
        throw AppError.of(
          403,
          TwoFactorErrorCode.required,
          'This community requires two-step verification. Turn it on for your account first.',
        );
      }
      const { userId, username, role, standing } = staff;
      return {
        community,
        caller: { userId, username, role: role as StaffRole, via: 'console_token' },
        standing,
      };
    },

    async standing(stackId: number, userId: number) {
      return (
        (await memberStanding(db, stackId, userId, clock.now())) ?? {
          standing: 'fully_deleted' as const,
          banUntil: null,
        }
      );
    },

    clientId: (stackId: number) => repo.ensureMemberClient(db, stackId),

    /** The client must be this community's own public client. */
    async authenticateClient(community: Community, clientId: string | undefined) {
      if (!clientId) throw new GrantError('invalid_request', 'client_id is required.');
      if (clientId !== (await repo.ensureMemberClient(db, community.stackId))) {
        throw new GrantError('invalid_client', 'Client authentication failed.');
      }
      return { grants: ['password', 'refresh_token'] };
    },

    /** Password grant: the member's own password, or a staff member's console password. */
    async passwordGrant(
      community: Community,
      login: string,
      password: string,
      ip: string,
      clientId: string,
    ): Promise<Token> {
      const memberId = await this.checkCredentials(community, login, password, ip);
      return deps.tokens.issueForMember(community.stackId, memberId, clientId);
    },

    /**
     * A member signing in with their own password (or a staff member's console password), throttled
     * and refused when their standing does not allow it (AppError 400, 403 or 429); the visit is
     * recorded and their id answered. The password grant and the OAuth apps' sign-in page use it.
     */
    async checkCredentials(community: Community, login: string, password: string, ip: string) {
      const member = await repo.findMemberByLogin(db, community.stackId, login);
      const hash = member?.password_hash ?? (member?.account_active ? member.account_password_hash : null);
      // One counter per person: the console account's when its password is the one checked.
      const throttleKey = !member
        ? throttleKeys.unknownLogin(login, community.stackId)
        : !member.password_hash && member.account_id !== null
          ? throttleKeys.account(member.account_id)
          : throttleKeys.member(community.stackId, member.id);
      // Reserved (and counted as a failure) before the password is looked at: beyond the limit, none is.
      const attempt = await deps.throttle.reserveOrThrow(throttleKey, ip);
      const ok = hash ? await verifyPassword(hash, password) : (await verifyAgainstDummy(password), false);
      if (ok) await deps.throttle.succeed(attempt);
      if (!member || !ok) throw AppError.of(400, ErrorCode.invalidCredentials, WRONG_CREDENTIALS);
      const standing = await this.standing(community.stackId, member.id);
      const refused = standingError(standing.standing, standing.banUntil);
      if (refused)
        throw refused.statusCode === 401
          ? AppError.of(400, ErrorCode.invalidCredentials, WRONG_CREDENTIALS)
          : refused;
      await repo.recordMemberLogin(db, community.stackId, member.id, clock.now());
      return member.id;
    },

    /**
     * The caller confirms their own password before a sensitive step (ASVS 7.5: re-authentication
     * before a secret is shown or rotated): the sign-in's check, throttle included; 400 when wrong.
     */
    async confirmPassword(community: Community, userId: number, password: string, ip: string) {
      const member = await repo.findMemberById(db, community.stackId, userId);
      const confirmed = member ? await this.checkCredentials(community, member.username, password, ip) : null;
      if (confirmed !== userId) throw AppError.of(400, ErrorCode.invalidCredentials, WRONG_CREDENTIALS);
    },
  };
}

export type MemberAuthService = ReturnType<typeof createMemberAuthService>;

/** What the member API's modules get: the platform plus member sign-in and tokens. */
export interface MemberApiDeps extends PlatformDeps {
  memberAuth: MemberAuthService;
  tokens: TokenService;
}
