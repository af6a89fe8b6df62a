import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  binaryImageSchema,
  dataEnvelope,
  rawImageQuerySchema,
  themePaths as paths,
  uploadImageBodySchema,
  uploadImageResultSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireAuth } from '../../platform/auth/authenticate.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff, stackGuard } from '../../platform/stack-scope/stack-scope.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { createThemeService, type MediaInUseElsewhere, UPLOAD_FILE_LIMIT_BYTES } from './theme.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['theme'];
const security = [{ bearer: [] }];

/** Stack-scoped routes of this area (registered inside the community guard). */
export function registerThemeRoutes(
  scope: FastifyInstance,
  deps: PlatformDeps,
  mediaInUseElsewhere?: MediaInUseElsewhere,
): void {
  const service = createThemeService({
    ...deps,
    storage: createFileStorage(deps.config),
    ...(mediaInUseElsewhere ? { mediaInUseElsewhere } : {}),
  });
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The community guard runs again before the multipart body is read, so that nobody but an
  // staff member of the theme's roles can make the server buffer an upload.
  const guardBeforeBody = stackGuard(deps.stackScope);

  r.post(
    paths.uploadImage,
    {
      config: { ...areaAccess('theme'), multipartOptions: { limits: { fileSize: UPLOAD_FILE_LIMIT_BYTES } } },
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Upload the image of an image preference (multipart: name, file), or clear it (remove=true). ' +
          'Checked by content (PNG, JPEG, GIF, WebP; SVG refused), 2 MB for logos and icons, 5 MB for covers; ' +
          'the value becomes the public address of the original, variants are made beside it.',
        consumes: ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'],
        body: uploadImageBodySchema,
        response: {
          200: dataEnvelope(uploadImageResultSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const accountId = requireAuth(request).accountId;
      const { name, file, remove } = request.body;
      if (remove === 'true' || remove === true) {
        return { data: await service.remove(staff.stackId, name, accountId) };
      }
      return { data: await service.upload(staff, name, file, accountId) };
    },
  );

  r.get(
    paths.getRawImage,
    {
      config: areaAccess('theme'),
      schema: {
        tags,
        security,
        summary: "The original bytes of an image preference's image (404 when it has none)",
        querystring: rawImageQuerySchema,
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: binaryImageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const image = await service.rawImage(requireStaff(request).stackId, request.query.name);
      return reply
        .header('Content-Type', image.contentType)
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="${image.fileName}"`)
        .send(image.bytes);
    },
  );
}
