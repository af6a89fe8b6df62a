import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  forceAcceptResultSchema,
  legalPageAddBodySchema,
  legalPageDetailSchema,
  legalPageListSchema,
  legalPagesPaths as paths,
  legalVersionBodySchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createLegalPagesService } from './legal-pages.service.ts';

const tags = ['legal-pages'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('pages'), feature: 'legal_pages' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: rowIdSchema });

/** The console's legal pages (pages area, tab legal): versions, acceptance and force-accept. */
export function registerLegalPageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createLegalPagesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Legal pages, each with its current version and how many members accepted it',
        response: { 200: dataEnvelope(legalPageListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId) }),
  );

  r.get(
    paths.get,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'A legal page with every version, newest (current) first',
        params: idParams,
        response: { 200: dataEnvelope(legalPageDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.detail(requireStaff(request).stackId, request.params.id) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'A legal page for a policy that has none, with its first version (HTML body sanitised)',
        body: legalPageAddBodySchema,
        response: { 200: dataEnvelope(legalPageDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return { data: await service.add(staff.stackId, staff.userId, request.body) };
    },
  );

  r.post(
    paths.addVersion,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Saves a new version, which every member must accept (HTML body sanitised)',
        params: idParams,
        body: legalVersionBodySchema,
        response: { 200: dataEnvelope(legalPageDetailSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return { data: await service.addVersion(staff.stackId, request.params.id, staff.userId, request.body) };
    },
  );

  r.post(
    paths.forceAccept,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Makes every member accept the current version again',
        params: idParams,
        response: { 200: dataEnvelope(forceAcceptResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.forceAccept(requireStaff(request).stackId, request.params.id),
    }),
  );

  r.post(
    paths.remove,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Removes a legal page of a policy members need not accept (not terms nor privacy)',
        params: idParams,
        response: {
          200: dataEnvelope(z.object({ deleted: z.boolean() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => {
      await service.remove(requireStaff(request).stackId, request.params.id);
      return { data: { deleted: true } };
    },
  );
}
