import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authPaths,
  dataEnvelope,
  signinAnswerSchema,
  signinBodySchema,
  ssoAnswerSchema,
  ssoBodySchema,
  ssoTicketSchema,
  stackPaths,
} from '@agora/contract';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { AuthService } from './auth.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['auth'];

export function registerAuthRoutes(app: FastifyInstance, deps: { auth: AuthService }): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    authPaths.signin,
    {
      schema: {
        tags,
        summary:
          'Staff sign-in with username or email and password; an account with a second factor gets a ' +
          'challenge for auth/signin/two_factor/ instead of a session',
        body: signinBodySchema,
        response: { 200: dataEnvelope(signinAnswerSchema), ...errorResponses(400, 429) },
      },
    },
    async (request, reply) => {
      try {
        const data = await deps.auth.signIn(request.body.username, request.body.password, request.ip);
        void reply.header('Cache-Control', 'no-store');
        return { data };
      } catch (error) {
        const wait = (error as { retryAfter?: number }).retryAfter;
        if (wait) void reply.header('Retry-After', String(wait));
        throw error;
      }
    },
  );

  r.post(
    authPaths.sso,
    {
      schema: {
        tags,
        summary: 'Exchange a community-issued single-sign-on ticket for a console session',
        body: ssoBodySchema,
        response: { 200: dataEnvelope(ssoAnswerSchema), ...errorResponses(400) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      return { data: await deps.auth.exchangeSsoTicket(request.body.ticket) };
    },
  );
}

/** Stack-scoped: the community issues a one-time console sign-in ticket for the calling staff user. */
export function registerSsoTicketRoutes(scope: FastifyInstance, deps: { auth: AuthService }): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.post(
    stackPaths.ssoTicket,
    {
      config: areaAccess('console'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Issue a single-use console sign-in ticket (valid 60 s) for the calling staff user',
        response: { 200: dataEnvelope(ssoTicketSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      if (!staff.userId) throw AppError.notFound();
      void reply.header('Cache-Control', 'no-store');
      return { data: await deps.auth.issueSsoTicket(staff.stackId, staff.userId) };
    },
  );
}
