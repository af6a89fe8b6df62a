import { z } from 'zod';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  dataEnvelope,
  manageRolesBodySchema,
  manageRolesResultSchema,
  removeStaffBodySchema,
  staffMemberSchema,
  staffPaths as paths,
  userSearchQuerySchema,
  userSearchResultSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createStaffService } from './staff.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['staff'];
const security = [{ bearer: [] }];
const listConfig = areaAccess('staff');
/** The user search also picks the member who gets manual points (users scoring). */
const searchConfig = areaAccess('staff', 'scoring');
const writeConfig = { ...areaAccess('staff'), feature: 'user_roles' as const };

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerStaffRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createStaffService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: listConfig,
      schema: {
        tags,
        security,
        summary: "The community's staff with their roles and attributes",
        response: { 200: dataEnvelope(z.array(staffMemberSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request)) }),
  );

  r.get(
    paths.search,
    {
      config: searchConfig,
      schema: {
        tags,
        security,
        summary: 'Members and staff by username prefix (by email prefix: GDPR data managers only)',
        querystring: userSearchQuerySchema,
        response: {
          200: dataEnvelope(z.array(userSearchResultSchema)),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await service.search(requireStaff(request), request.query) }),
  );

  r.post(
    paths.manageRoles,
    {
      config: writeConfig,
      schema: {
        tags,
        security,
        summary: 'Add a member to the staff, change a role or attributes, or (role null) remove',
        body: manageRolesBodySchema,
        response: {
          200: dataEnvelope(manageRolesResultSchema),
          ...errorResponses(400, 401, 403, 404, 409, 502),
        },
      },
    },
    async (request) => ({ data: await service.manageRoles(requireStaff(request), request.body) }),
  );

  r.post(
    paths.remove,
    {
      config: writeConfig,
      schema: {
        tags,
        security,
        summary: 'Remove a user from the staff (not yourself)',
        body: removeStaffBodySchema,
        response: { 200: dataEnvelope(z.null()), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.remove(requireStaff(request), request.body.username) }),
  );
}
