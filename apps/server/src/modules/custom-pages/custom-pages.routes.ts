import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customPageListQuerySchema,
  customPageListSchema,
  customPageSchema,
  customPagesPaths as paths,
  customPageWriteBodySchema,
  dataEnvelope,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { createCustomPagesService } from './custom-pages.service.ts';

const tags = ['custom-pages'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('pages'), feature: 'cms' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const pageResponse = { 200: dataEnvelope(customPageSchema), ...errorResponses(400, 401, 403, 404) };

/** The console's general pages (pages area, tab general): list, get, add, update, delete. */
export function registerCustomPageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createCustomPagesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const by = (request: Parameters<typeof requireStaff>[0]) => {
    const staff = requireStaff(request);
    return { stackId: staff.stackId, who: { userId: staff.userId, username: staff.username } };
  };

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'General pages of the community, last edited first (search in title, slug and label)',
        querystring: customPageListQuerySchema,
        response: { 200: dataEnvelope(customPageListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId, request.query) }),
  );

  r.get(
    paths.get,
    {
      config: access,
      schema: { tags, security, summary: 'A general page', params: idParams, response: pageResponse },
    },
    async (request) => ({ data: await service.get(requireStaff(request).stackId, request.params.id) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Creates a general page: an alternative URL or an HTML body (sanitised); the slug is derived ' +
          'from the title when empty, and a slug another page has is refused (409)',
        body: customPageWriteBodySchema,
        response: { ...pageResponse, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { stackId, who } = by(request);
      return { data: await service.add(stackId, who, request.body) };
    },
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Saves a general page (every field; the HTML body sanitised; 409 on a slug in use)',
        params: idParams,
        body: customPageWriteBodySchema,
        response: { ...pageResponse, ...errorResponses(409) },
      },
    },
    async (request) => {
      const { stackId, who } = by(request);
      return { data: await service.update(stackId, request.params.id, who, request.body) };
    },
  );

  r.post(
    paths.remove,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Deletes a general page',
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
