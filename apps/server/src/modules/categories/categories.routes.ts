import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  categoryDeleteBodySchema,
  categoryDeletePreviewSchema,
  categoryDeleteResultSchema,
  categoryImageBodySchema,
  categoryImageQuerySchema,
  categoryListQuerySchema,
  categoryListSchema,
  categoryNameLookupSchema,
  categoryOrderBodySchema,
  categoryPaths as paths,
  categorySchema,
  categoryWriteBodySchema,
  dataEnvelope,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import {
  consoleRouteKit,
  uploadErrors,
  uploadRouteOptions,
} from '../../platform/stack-scope/console-routes.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { UPLOAD_FILE_LIMIT_BYTES } from '../theme/theme.service.ts';
import { createCategoriesService } from './categories.service.ts';

const { tags, security, idParams, errors, stackOf } = consoleRouteKit('categories');
const access = areaAccess('categories');
/** The guard reads the slug after validation: params schemas must keep it. */
const nameParams = z.object({ slug: z.string(), name: z.string().min(1).max(200) });

/** The console's category calls of spec mgmt §7 (registered inside the community guard). */
export function registerCategoryRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createCategoriesService({
    ...deps,
    storage: createFileStorage(deps.config),
  });
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Every category in its manual order, with content and follower counts (list_all)',
        querystring: categoryListQuerySchema,
        response: { 200: dataEnvelope(categoryListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.post(
    paths.order,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Set the manual order: every category of the community, each once (order_all)',
        body: categoryOrderBodySchema,
        response: { 200: dataEnvelope(categoryListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.order(stackOf(request), request.body.ids) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Create a category (title required and unique; permalink derived from the title when empty)',
        body: categoryWriteBodySchema,
        response: { 200: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.add(stackOf(request), request.body) }),
  );

  r.get(
    paths.get,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'One category',
        params: idParams,
        response: { 200: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.one(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change a category (only the fields sent)',
        params: idParams,
        body: categoryWriteBodySchema,
        response: { 200: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request) => ({ data: await service.update(stackOf(request), request.params.id, request.body) }),
  );

  r.get(
    paths.delete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'What deleting the category would do: how many contents it holds and need a new category',
        params: idParams,
        response: { 200: dataEnvelope(categoryDeletePreviewSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.deletePreview(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.delete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Delete a category; its contents move to `move_to` first (refused with 409 when it holds contents and none is given)',
        params: idParams,
        body: categoryDeleteBodySchema,
        response: {
          200: dataEnvelope(categoryDeleteResultSchema),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await service.delete(stackOf(request), request.params.id, request.body.move_to),
    }),
  );

  r.get(
    paths.name,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Whether a title is taken, and the permalink it derives to (name/{name})',
        params: nameParams,
        response: { 200: dataEnvelope(categoryNameLookupSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.nameLookup(stackOf(request), request.params.name) }),
  );

  r.post(
    paths.image,
    {
      ...uploadRouteOptions(access, deps.stackScope, UPLOAD_FILE_LIMIT_BYTES),
      schema: {
        tags,
        security,
        summary:
          'Upload the category image (kind=image, suggested 1920×1280) or thumbnail (kind=thumbnail, 600×600); ' +
          'checked by content (PNG, JPEG, GIF, WebP; SVG refused), at most 5 MB',
        consumes: ['multipart/form-data'],
        params: idParams,
        querystring: categoryImageQuerySchema,
        body: categoryImageBodySchema,
        response: { 200: dataEnvelope(categorySchema), ...uploadErrors },
      },
    },
    async (request) => ({
      data: await service.uploadImage(
        requireStaff(request),
        request.params.id,
        request.query.kind,
        request.body.file,
      ),
    }),
  );

  r.delete(
    paths.image,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Remove the category image or thumbnail',
        params: idParams,
        querystring: categoryImageQuerySchema,
        response: { 200: dataEnvelope(categorySchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.removeImage(stackOf(request), request.params.id, request.query.kind),
    }),
  );
}
