import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  approvalListQuerySchema,
  approvalPageSchema,
  approvalRequestSchema,
  dataEnvelope,
  manageApprovalBodySchema,
  registrationApprovalPaths as paths,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { pageEnvelope } from '../../platform/http/page-links.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createRegistrationApprovalService } from './registration-approval.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['registration approval'];
const security = [{ bearer: [] }];
const config = areaAccess('registration-approval');

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerRegistrationApprovalRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createRegistrationApprovalService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;

  r.get(
    paths.list,
    {
      config,
      schema: {
        tags,
        security,
        summary: 'Members awaiting approval (status pending or ignored), searched by username or email',
        querystring: approvalListQuerySchema,
        response: { 200: dataEnvelope(approvalPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      const page = await service.page(requireStaff(request).stackId, q);
      return { data: pageEnvelope(request, publicUrl, page, q.limit, q.offset) };
    },
  );

  r.post(
    paths.manage,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Approve or ignore a pending request, or restore an ignored one (409 invalid_transition otherwise); ' +
          'an approved member becomes active and is told by email',
        body: manageApprovalBodySchema,
        response: { 200: dataEnvelope(approvalRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => ({
      data: await service.manage(requireStaff(request).stackId, request.body.user_id, request.body.action),
    }),
  );
}
