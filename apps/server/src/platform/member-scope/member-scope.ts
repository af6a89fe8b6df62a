import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { CONSOLE_ROLES, ErrorCode, type StaffRole } from '@agora/contract';
import { AppError } from '../errors/app-error.ts';
import { bearerToken } from '../auth/authenticate.ts';
import type { StaffMembership } from '../stack-scope/stack-scope.ts';
import { installAuditHooks } from '../audit/audit-recorder.ts';
import type { MemberStanding, MemberStandingInfo } from './member-standing.ts';
import { readFormsAfterGuard } from '../http/multipart-body.ts';

/** The member API of one community, SelfCommunity-compatible: `/c/{slug}/api/v2/…`. */
export const MEMBER_API_PREFIX = '/c/:slug/api/v2';

/**
 * Who may call a member-API route, declared next to it:
 * - `public`: anyone (a token, when sent, must still be valid and identifies the caller);
 * - `member` (the default): any signed-in member in good standing;
 * - a list of staff roles: only members of the community's staff with one of them.
 */
export type MemberAccess = 'public' | 'member' | readonly StaffRole[];

export interface Community {
  stackId: number;
  slug: string;
  name: string;
}

export interface MemberCaller {
  userId: number;
  username: string;
  role: StaffRole | null;
  /** How the caller proved who they are. */
  via: 'member_token' | 'jwt' | 'console_token';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    member?: MemberAccess;
  }
  interface FastifyRequest {
    community?: Community;
    member?: MemberCaller;
  }
}

/** Who the guard found: the community of the slug, and who the bearer token (if any) is there. */
export interface MemberLookup {
  community: Community;
  /** Undefined when no token was sent or it identifies nobody in this community. */
  caller?: MemberCaller;
  /** The caller's standing now (banned members whose ban has ended read as active). */
  standing?: MemberStandingInfo;
  /**
   * Set when the token is an OAuth app's client credentials token of this community: it acts as the
   * community itself, with no member behind it, so it opens the public routes only.
   */
  app?: { clientId: string };
}

export interface MemberScopeDeps {
  /**
   * The community of `slug` and who `token` stands for there, with their standing: undefined when
   * there is no such community. One statement for an opaque token (ADR 0013).
   */
  memberAccess(slug: string, token: string | undefined): Promise<MemberLookup | undefined>;
}

function invalidToken(reply: FastifyReply): AppError {
  void reply.header('WWW-Authenticate', 'Bearer realm="api", error="invalid_token"');
  return AppError.of(401, ErrorCode.invalidToken, 'The access token is invalid or has expired.');
}

/** A refused member, with the reason a client can show. */
export function standingError(standing: MemberStanding, banUntil: Date | null): AppError | undefined {
  switch (standing) {
    case 'active':
      return undefined;
    case 'pending':
      return AppError.of(403, ErrorCode.accountPending, 'Your registration is waiting for approval.');
    case 'ignored':
      return AppError.of(403, ErrorCode.accountNotApproved, 'Your registration was not approved.');
    case 'banned':
      return AppError.of(
        403,
        ErrorCode.accountBlocked,
        banUntil ? `Your account is blocked until ${banUntil.toISOString()}.` : 'Your account is blocked.',
      );
    default:
      return AppError.of(401, ErrorCode.invalidToken, 'This account no longer exists.');
  }
}

export function memberGuard(deps: MemberScopeDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const { slug } = request.params as { slug?: string };
    const token = bearerToken(request);
    const access = slug ? await deps.memberAccess(slug, token) : undefined;
    if (!access) throw AppError.notFound('This community is not found');
    const { community, caller } = access;
    request.community = community;
    const route = request.routeOptions.config.member ?? 'member';
    if (!token) {
      if (route === 'public') return;
      void reply.header('WWW-Authenticate', 'Bearer realm="api"');
      throw AppError.unauthenticated();
    }
    if (!caller && access.app) {
      if (route === 'public') return;
      throw AppError.forbidden('An app acting as the community reaches its public calls only.');
    }
    if (!caller) throw invalidToken(reply);
    const { standing, banUntil } = access.standing ?? { standing: 'fully_deleted', banUntil: null };
    // A blocked member may still read public content anonymously, but not as themselves.
    const refused = standingError(standing, banUntil);
    if (refused) throw refused;
    request.member = caller;
    if (Array.isArray(route) && (!caller.role || !route.includes(caller.role))) throw AppError.forbidden();
    // A staff caller's writes through the member API are audited like the console's, whatever the
    // route's level: a member-level route can still do staff things for them (see their contents).
    if (caller.role && CONSOLE_ROLES.includes(caller.role)) request.staff = staffOf(community, caller);
  };
}

function staffOf(community: Community, caller: MemberCaller): StaffMembership {
  return {
    stackId: community.stackId,
    slug: community.slug,
    name: community.name,
    communityType: 'community',
    status: 'online',
    userId: caller.userId,
    username: caller.username,
    role: caller.role as string,
    accountId: null,
  };
}

export function requireCommunity(request: FastifyRequest): Community {
  if (!request.community) throw AppError.notFound('This community is not found');
  return request.community;
}

export function requireMember(request: FastifyRequest): MemberCaller {
  if (!request.member) throw AppError.unauthenticated();
  return request.member;
}

/** Registers a community's member API under `/c/:slug/api/v2`, behind the member guard. */
export async function registerMemberScope(
  app: FastifyInstance,
  deps: MemberScopeDeps,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      // The SDK posts actions (votes, follows, SSO sign-in) as JSON with no body at all.
      const json = scope.getDefaultJsonParser('error', 'remove');
      scope.removeContentTypeParser('application/json');
      scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
        if (typeof body === 'string' && body.trim() === '') return done(null, undefined);
        json(request, body as string, done);
      });
      scope.addHook('preValidation', memberGuard(deps));
      // Uploads are read only once the guard let the caller in.
      readFormsAfterGuard(scope);
      // Audit log: every write by a staff caller, as in the console scope.
      installAuditHooks(scope);
      register(scope);
    },
    { prefix: MEMBER_API_PREFIX },
  );
}
