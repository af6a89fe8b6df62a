import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditLogPageSchema,
  auditLogPaths as paths,
  auditLogPeopleQuerySchema,
  auditLogPeopleSchema,
  auditLogQuerySchema,
  dataEnvelope,
  ErrorCode,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { pageEnvelope } from '../../platform/http/page-links.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createAuditLogService } from './audit-log.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['audit log'];
const security = [{ bearer: [] }];
const config = areaAccess('audit-log');
const FILTERS =
  'Filters: person (community user id of who made the change), action (a key of the registry), from/to ' +
  '(YYYY-MM-DD, `to` included, or ISO date-times), read_only=true to include sign-ins, tests and exports.';

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerAuditLogRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createAuditLogService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  r.get(
    paths.list,
    {
      config,
      schema: {
        tags,
        security,
        summary: `Staff writes recorded in this community, newest first; limit ≤ 100, offset. ${FILTERS}`,
        querystring: auditLogQuerySchema,
        response: { 200: dataEnvelope(auditLogPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await service.page(requireStaff(request).stackId, q);
      return { data: pageEnvelope(request, publicUrl, page, q.limit, q.offset) };
    },
  );

  r.get(
    paths.people,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Who made changes in this log, by part of their username or real name (at most 20)',
        querystring: auditLogPeopleQuerySchema,
        response: { 200: dataEnvelope(auditLogPeopleSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.people(requireStaff(request).stackId, request.query.search) }),
  );

  r.get(
    paths.export,
    {
      config,
      schema: {
        tags,
        security,
        summary: `The filtered log as CSV (cells starting with = + - @ are escaped). ${FILTERS}`,
        querystring: auditLogQuerySchema.omit({ limit: true, offset: true }),
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const csv = await service.csv(staff.stackId, request.query);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="audit-log-${staff.slug}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );

  // The log is append-only: no route changes it; writes answer 405.
  const refuse = async () => {
    throw AppError.of(405, ErrorCode.methodNotAllowed, 'Audit log entries cannot be changed.');
  };
  for (const url of [paths.list, `${paths.list}:id/`]) {
    r.route({
      method: ['POST', 'PUT', 'PATCH', 'DELETE'],
      url,
      config,
      schema: {
        tags,
        security,
        summary: 'Refused: the audit log cannot be modified (405)',
        ...(url.includes(':id') ? { params: z.object({ id: z.string() }) } : {}),
        response: errorResponses(401, 403, 404, 405),
      },
      handler: refuse,
    });
  }
}
