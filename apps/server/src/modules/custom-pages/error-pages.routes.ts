import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  errorPageBodySchema,
  errorPageKindSchema,
  errorPageListSchema,
  errorPagesPaths as paths,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createErrorPagesService } from './error-pages.service.ts';

const tags = ['error-pages'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('pages'), feature: 'system_pages' as const };
const kindParams = z.object({ slug: z.string(), kind: errorPageKindSchema });
const listResponse = { 200: dataEnvelope(errorPageListSchema), ...errorResponses(400, 401, 403, 404) };

/** The console's error pages (pages area, tab error pages): page not found (404), service unavailable (503). */
export function registerErrorPageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createErrorPagesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Both error pages, each with the community’s own HTML (null while the default shows)',
        response: listResponse,
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId) }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Saves the community’s own HTML of an error page (sanitised)',
        params: kindParams,
        body: errorPageBodySchema,
        response: listResponse,
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      await service.save(
        staff.stackId,
        request.params.kind,
        { userId: staff.userId, username: staff.username },
        request.body,
      );
      return { data: await service.list(staff.stackId) };
    },
  );

  r.post(
    paths.restore,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Brings back the shipped default of an error page',
        params: kindParams,
        response: listResponse,
      },
    },
    async (request) => {
      const { stackId } = requireStaff(request);
      await service.restore(stackId, request.params.kind);
      return { data: await service.list(stackId) };
    },
  );
}
