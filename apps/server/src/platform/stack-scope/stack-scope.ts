import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  CONSOLE_ROLES,
  ErrorCode,
  TwoFactorErrorCode,
  type FeatureName,
  type StaffRole,
} from '@agora/contract';
import { AppError } from '../errors/app-error.ts';
import { bearerToken, invalidToken, type AuthenticatedAccount } from '../auth/authenticate.ts';
import { installAuditHooks } from '../audit/audit-recorder.ts';
import { effectiveStanding } from '../member-scope/member-standing.ts';
import { readFormsAfterGuard } from '../http/multipart-body.ts';

/** Every stack-scoped route declares which staff roles may call it, next to the route. */
declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: readonly StaffRole[];
    /** The feature flag the route belongs to: refused with `feature_disabled` while it is off. */
    feature?: FeatureName;
    /** Authenticated by a signed, expiring link instead of the staff bearer (export downloads). */
    signedLink?: boolean;
  }
  interface FastifyRequest {
    staff?: StaffMembership;
  }
}

/**
 * Who the caller is in a community, as the guard found them: their staff role and their own standing
 * as a member (a banned or deleted one is refused). The stacks module's membership query answers it.
 */
export interface StaffMembership {
  stackId: number;
  slug: string;
  name: string;
  communityType: string;
  status: string;
  userId: number;
  username: string;
  role: string;
  accountId: number | null;
  /** The staff member's own standing in the community (a banned or deleted one is refused). */
  memberStatus?: string;
  banUntil?: Date | null;
  /** The community's enabled flags, when the guard read them with the membership (same query). */
  features?: readonly string[];
}

/** A stack's internal_url path; its routes declare paths relative to it (`/platform/api/v1/…`). */
export const STACK_API_PREFIX = '/c/:slug';

/**
 * What the guard decides on, read in one round trip (ADR 0013): the bearer token's account, its staff
 * link in the community of the slug (undefined when none, or no such community) with that community's
 * enabled flags, and whether the community requires a second factor the account lacks.
 */
export interface StaffAccess {
  account: AuthenticatedAccount;
  membership: StaffMembership | undefined;
  /** Whether the community requires a second factor that the account has not turned on. */
  lacksRequiredSecondFactor: boolean;
  /** When the token stops being live by time alone (its own expiry or its sign-in's, the earlier). */
  liveUntil: Date;
}

export interface StackScopeDeps {
  /** The token's access to the community of `slug`; undefined when the token is not live. */
  staffAccess(token: string, slug: string): Promise<StaffAccess | undefined>;
  now(): Date;
}

/**
 * Guards a community's own API: the caller must be signed in and staff of *that* community
 * (otherwise 404, so other communities are not even confirmed to exist) with a role the route allows
 * (otherwise 403). A route that declares no roles is refused: the default is closed.
 */
export function stackGuard(deps: StackScopeDeps) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    // A route that runs the guard before its body is read (onRequest) has been checked already.
    if (request.staff && request.auth) return;
    const token = bearerToken(request);
    if (!token) throw invalidToken(reply, false);
    const { slug } = request.params as { slug?: string };
    // One query: the token, the membership, the standing, the second factor and the flags.
    const access = await deps.staffAccess(token, slug ?? '');
    if (!access) throw invalidToken(reply, true);
    request.auth = access.account;
    const { membership } = access;
    // A sign-in handed off from one community does not reach another (nor confirm it exists).
    if (
      !slug ||
      !membership ||
      (access.account.onlyStackId !== null && membership.stackId !== access.account.onlyStackId)
    ) {
      throw AppError.notFound('This community is not found');
    }
    // A staff member banned or deleted as a member of the community keeps no console rights there.
    const standing = effectiveStanding(
      membership.memberStatus ?? 'active',
      membership.banUntil ?? null,
      deps.now(),
    );
    if (standing !== 'active') {
      throw AppError.of(403, ErrorCode.accountBlocked, 'Your account is blocked in this community.');
    }
    // The owner requires a second factor: none of the community's API until it is on (enrolment is
    // an account call at the hub, outside this guard). The console sends the caller to enrolment.
    if (access.lacksRequiredSecondFactor) {
      throw AppError.of(
        403,
        TwoFactorErrorCode.required,
        'This community requires two-step verification. Turn it on for your account first.',
      );
    }
    const allowed = request.routeOptions.config.roles ?? [];
    if (
      !CONSOLE_ROLES.includes(membership.role as StaffRole) ||
      !allowed.includes(membership.role as StaffRole)
    ) {
      throw AppError.forbidden();
    }
    const feature = request.routeOptions.config.feature;
    if (feature && !(membership.features ?? []).includes(feature)) {
      throw AppError.of(403, ErrorCode.featureDisabled, 'This feature is not enabled for this community.');
    }
    request.staff = membership;
  };
}

export function requireStaff(request: FastifyRequest): StaffMembership {
  if (!request.staff) throw AppError.notFound('This community is not found');
  return request.staff;
}

/** The calling staff member as a write's actor: the community it acts in, and who acts. */
export function requireStaffActor(request: FastifyRequest) {
  const staff = requireStaff(request);
  return { stack: staff, by: { userId: staff.userId, username: staff.username } };
}

/** Registers a community's routes under its internal url `/c/:slug`, behind the guard. */
export async function registerStackScope(
  app: FastifyInstance,
  deps: StackScopeDeps,
  register: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(
    async (scope) => {
      // preValidation: the guard answers 401/403/404 before the body is validated, so a caller without
      // the right learns nothing from validation errors.
      scope.addHook('preValidation', stackGuard(deps));
      // Uploads are read only once the guard let the caller in.
      readFormsAfterGuard(scope);
      // Audit log: every staff write is written (pending) before its handler runs — refused when it
      // cannot be — and completed when it succeeds.
      installAuditHooks(scope);
      register(scope);
    },
    { prefix: STACK_API_PREFIX },
  );
}
