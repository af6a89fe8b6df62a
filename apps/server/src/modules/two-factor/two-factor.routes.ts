import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  recoveryCodesSchema,
  twoFactorCodeBodySchema,
  twoFactorEnrolmentSchema,
  twoFactorPaths as paths,
  twoFactorRequirementBodySchema,
  twoFactorRequirementSchema,
  twoFactorSigninBodySchema,
  twoFactorSigninResultSchema,
  twoFactorStatusSchema,
  type TwoFactorSigninResult,
} from '@agora/contract';
import { requireAuth, type AuthPreHandler } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import type { Db } from '../../platform/db/database.ts';
import { findAccountById } from '../auth/account.repository.ts';
import type { TwoFactorService } from './two-factor.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['two-factor'];
const security = [{ bearer: [] }];

export interface TwoFactorAccountRouteDeps {
  db: Db;
  twoFactor: TwoFactorService;
  authenticate: AuthPreHandler;
  /** Finishes the sign-in the challenge stands for (auth service): a session, bound when from SSO. */
  resumeSignIn(accountId: number, stackId: number | null): Promise<TwoFactorSigninResult>;
}

/**
 * The signed-in account's own second factor (hub routes). A sign-in handed off from a community may
 * use them too: an account made by the hand-off has no password, and its community may require one.
 */
export function registerTwoFactorAccountRoutes(app: FastifyInstance, deps: TwoFactorAccountRouteDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { twoFactor } = deps;
  const actorOf = (request: { ip: string }, accountId: number) => ({ accountId, ip: request.ip });

  r.get(
    paths.status,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary:
          "The signed-in account's second factor: on or off, recovery codes left, communities requiring it",
        response: { 200: dataEnvelope(twoFactorStatusSchema), ...errorResponses(401) },
      },
    },
    async (request) => ({ data: await twoFactor.status(requireAuth(request).accountId) }),
  );

  r.post(
    paths.enrol,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Start enrolment: a new TOTP secret, its otpauth URI and QR code (shown once)',
        response: { 200: dataEnvelope(twoFactorEnrolmentSchema), ...errorResponses(401, 409) },
      },
    },
    async (request, reply) => {
      const account = await findAccountById(deps.db, requireAuth(request).accountId);
      if (!account) throw AppError.unauthenticated();
      void reply.header('Cache-Control', 'no-store');
      return { data: await twoFactor.startEnrolment(account) };
    },
  );

  r.post(
    paths.confirm,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Confirm enrolment with a current code: turns the factor on, answers 10 recovery codes once',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(recoveryCodesSchema), ...errorResponses(400, 401, 409, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, requireAuth(request).accountId);
      void reply.header('Cache-Control', 'no-store');
      return { data: await twoFactor.confirmEnrolment(actor, request.body.code) };
    },
  );

  r.post(
    paths.recoveryCodes,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Replace the recovery codes (asks for a current TOTP code); the old ones stop working',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(recoveryCodesSchema), ...errorResponses(400, 401, 429) },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request, requireAuth(request).accountId);
      void reply.header('Cache-Control', 'no-store');
      return { data: await twoFactor.regenerateRecoveryCodes(actor, request.body.code) };
    },
  );

  r.post(
    paths.disable,
    {
      preHandler: deps.authenticate,
      schema: {
        tags,
        security,
        summary: 'Turn the second factor off (asks for a current TOTP code or a recovery code)',
        body: twoFactorCodeBodySchema,
        response: { 200: dataEnvelope(z.object({})), ...errorResponses(400, 401, 429) },
      },
    },
    async (request) => {
      await twoFactor.disable(actorOf(request, requireAuth(request).accountId), request.body.code);
      return { data: {} };
    },
  );

  r.post(
    paths.signin,
    {
      schema: {
        tags,
        summary: "A sign-in's second step: the challenge from auth/signin/ (or auth/sso/) and a code",
        body: twoFactorSigninBodySchema,
        response: { 200: dataEnvelope(twoFactorSigninResultSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      try {
        const done = await twoFactor.completeChallenge(request.body.challenge, request.body.code, request.ip);
        return { data: await deps.resumeSignIn(done.accountId, done.stackId) };
      } catch (error) {
        const wait = (error as { retryAfter?: number }).retryAfter;
        if (wait) void reply.header('Retry-After', String(wait));
        throw error;
      }
    },
  );
}

/** Stack-scoped: the owner's rule that every staff member of the community uses a second factor. */
export function registerTwoFactorRequirementRoutes(
  scope: FastifyInstance,
  deps: { twoFactor: TwoFactorService },
): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const config = areaAccess('staff');

  r.get(
    paths.requirement,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Whether every staff member must use a second factor, and who has none yet',
        response: { 200: dataEnvelope(twoFactorRequirementSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await deps.twoFactor.requirement(requireStaff(request).stackId) }),
  );

  r.post(
    paths.requirement,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          "Require (or stop requiring) a second factor from every staff member (needs the owner's own)",
        body: twoFactorRequirementBodySchema,
        response: { 200: dataEnvelope(twoFactorRequirementSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const accountId = requireAuth(request).accountId;
      return { data: await deps.twoFactor.setRequirement(staff.stackId, accountId, request.body.required) };
    },
  );
}
