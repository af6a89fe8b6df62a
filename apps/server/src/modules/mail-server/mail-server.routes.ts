import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  mailServerBodySchema,
  mailServerPaths as paths,
  mailServerSchema,
  mailServerTestBodySchema,
  mailServerTestResultSchema,
  mailSendingSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { RateLimitedError } from '../../platform/http/rate-limit.ts';
import { createMailServerService } from './mail-server.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['email server'];
const security = [{ bearer: [] }];

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerMailServerRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createMailServerService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.mailServer,
    {
      config: areaAccess('server-settings'),
      schema: {
        tags,
        security,
        summary: "The community's email server; the password is never answered (has_password)",
        response: { 200: dataEnvelope(mailServerSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId) }),
  );

  r.get(
    paths.sending,
    {
      // Every screen that would promise an email asks first (staff, exports, approvals, alerts).
      config: areaAccess('console'),
      schema: {
        tags,
        security,
        summary:
          "Whether the community can send email now: through its own server, the deployment's, or none",
        response: { 200: dataEnvelope(mailSendingSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.sending(requireStaff(request).stackId) }),
  );

  r.post(
    paths.mailServer,
    {
      config: areaAccess('server-settings'),
      schema: {
        tags,
        security,
        summary:
          'Change the email server (an empty password keeps the stored one); restarts the community, 409 while it restarts',
        body: mailServerBodySchema,
        response: { 200: dataEnvelope(mailServerSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({ data: await service.update(requireStaff(request).stackId, request.body) }),
  );

  r.post(
    paths.test,
    {
      config: areaAccess('server-settings'),
      schema: {
        tags,
        security,
        summary:
          'Send a test email through the given settings (the stored ones without a host); 400 smtp_error with the server’s text, ' +
          '400 host_not_allowed for loopback/private/link-local/metadata addresses (checked before connecting), ' +
          'the stored password only to the stored server; 429 with Retry-After beyond a few tests a minute',
        body: mailServerTestBodySchema,
        response: {
          200: dataEnvelope(mailServerTestResultSchema),
          ...errorResponses(400, 401, 403, 404, 429),
        },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      try {
        return {
          data: await service.sendTest(staff.stackId, request.body, {
            communityName: staff.name,
            log: request.log,
          }),
        };
      } catch (error) {
        if (error instanceof RateLimitedError) void reply.header('Retry-After', String(error.retryAfter));
        throw error;
      }
    },
  );
}
