import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  tagAddressingBodySchema,
  tagAddressingSchema,
  tagAssignBodySchema,
  tagAssignResultSchema,
  tagColorBodySchema,
  taggingPaths as paths,
  tagListQuerySchema,
  tagListSchema,
  tagObjectListSchema,
  tagObjectsQuerySchema,
  tagOrderBodySchema,
  tagSchema,
  tagSetActiveBodySchema,
  tagSetActiveResultSchema,
  tagWriteBodySchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createTaggingService } from './tagging.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['tagging'];
const security = [{ bearer: [] }];
const read = { ...areaAccess('tagging'), feature: 'tagging' as const };
const write = { ...areaAccess('tagging'), feature: 'tagging' as const };
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = z.object({ slug: z.string(), id: rowIdSchema });

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerTaggingRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createTaggingService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.list,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Tags of one type (user, category, thread), by name, with search and active filter',
        querystring: tagListQuerySchema,
        response: { 200: dataEnvelope(tagListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.post(
    paths.add,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Create a tag (name ≤ 35 and unique per type, description ≤ 120, palette colour)',
        body: tagWriteBodySchema,
        response: { 200: dataEnvelope(tagSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.add(stackOf(request), request.body) }),
  );

  r.post(
    paths.update,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Change a tag (its type cannot change)',
        params: idParams,
        body: tagWriteBodySchema,
        response: { 200: dataEnvelope(tagSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.update(stackOf(request), request.params.id, request.body) }),
  );

  r.post(
    paths.setColor,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Set a tag colour from the palette of 19',
        params: idParams,
        body: tagColorBodySchema,
        response: { 200: dataEnvelope(tagSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.setColor(stackOf(request), request.params.id, request.body.color),
    }),
  );

  r.post(
    paths.setActive,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Activate or deactivate many tags at once',
        body: tagSetActiveBodySchema,
        response: { 200: dataEnvelope(tagSetActiveResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.setActive(stackOf(request), request.body.ids, request.body.active),
    }),
  );

  r.get(
    paths.objects,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Users, categories or contents this tag can be assigned to, with search',
        params: idParams,
        querystring: tagObjectsQuerySchema,
        response: { 200: dataEnvelope(tagObjectListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.objects(stackOf(request), request.params.id, request.query) }),
  );

  for (const [path, on] of [
    [paths.assign, true],
    [paths.unassign, false],
  ] as const) {
    r.post(
      path,
      {
        config: write,
        schema: {
          tags,
          security,
          summary: on ? 'Assign a tag to users, categories or contents' : 'Remove a tag from elements',
          params: idParams,
          body: tagAssignBodySchema,
          response: { 200: dataEnvelope(tagAssignResultSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => ({
        data: await service.assign(stackOf(request), request.params.id, request.body, on),
      }),
    );
  }

  r.post(
    paths.order,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Order the contents of a content tag (refused beyond 100 assigned elements)',
        params: idParams,
        body: tagOrderBodySchema,
        response: { 200: dataEnvelope(tagObjectListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.order(stackOf(request), request.params.id, request.body.object_ids),
    }),
  );

  r.get(
    paths.addressing,
    {
      config: read,
      schema: {
        tags,
        security,
        summary: 'Addressing rules of user tags',
        response: { 200: dataEnvelope(z.array(tagAddressingSchema)), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.addressing(stackOf(request)) }),
  );

  r.post(
    paths.addressing,
    {
      config: write,
      schema: {
        tags,
        security,
        summary: 'Create, update (with id) or delete (id and delete) an addressing rule',
        body: tagAddressingBodySchema,
        response: { 200: dataEnvelope(z.array(tagAddressingSchema)), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.writeAddressing(stackOf(request), request.body) }),
  );
}
