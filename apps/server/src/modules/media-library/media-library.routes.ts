import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryImageSchema,
  dataEnvelope,
  MEDIA_FILE_MAX_BYTES,
  mediaFileAddBodySchema,
  mediaFileListSchema,
  mediaFileQuerySchema,
  mediaFileSchema,
  mediaFileUpdateBodySchema,
  mediaFolderBodySchema,
  mediaFolderDeleteBodySchema,
  mediaFolderListSchema,
  mediaFolderSchema,
  mediaIdParamsSchema,
  mediaLibraryPaths as paths,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import {
  requireStaff,
  requireStaffActor,
  STACK_API_PREFIX,
  stackGuard,
} from '../../platform/stack-scope/stack-scope.ts';
import { createMediaLibraryService } from './media-library.service.ts';

const tags = ['media-library'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('media-library'), feature: 'cms' as const };
/**
 * Room for the image and the form's other fields: a file up to twice the library's limit still reaches
 * the service, which answers 400 with the limit in words; only a larger body is cut off (413).
 */
const upload = { ...access, multipartOptions: { limits: { fileSize: MEDIA_FILE_MAX_BYTES * 2 } } };
const consumes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

/**
 * A stable address's content may change (a replaced file), so it is not immutable: caches keep it five
 * minutes, then ask again with the ETag (the stored file's hash) and get 304 while it is the same.
 */
export const LIBRARY_CACHE_CONTROL = 'public, max-age=300';

/** Console routes of the media library (registered inside the community guard). */
export function registerMediaLibraryRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createMediaLibraryService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The guard runs again before a multipart body is read: only the area's staff make the server buffer it.
  const guardBeforeBody = stackGuard(deps.stackScope);
  const caller = requireStaffActor;

  r.get(
    paths.folders,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The library's folders with how many images each holds, and the images outside every folder",
        response: { 200: dataEnvelope(mediaFolderListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.folders(requireStaff(request)) }),
  );

  r.post(
    paths.folderAdd,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Create a folder (name 1 to 100 characters, unique)',
        body: mediaFolderBodySchema,
        response: { 200: dataEnvelope(mediaFolderSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stack, by } = caller(request);
      return { data: await service.addFolder(stack, by, request.body) };
    },
  );

  r.post(
    paths.folderUpdate,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Rename a folder',
        params: mediaIdParamsSchema,
        body: mediaFolderBodySchema,
        response: { 200: dataEnvelope(mediaFolderSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({
      data: await service.renameFolder(requireStaff(request), request.params.id, request.body),
    }),
  );

  r.post(
    paths.folderDelete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Delete a folder; refused (409) while it holds images unless move_files=true moves them to the top of the library',
        params: mediaIdParamsSchema,
        body: mediaFolderDeleteBodySchema,
        response: {
          200: dataEnvelope(z.object({ moved: z.number().int() })),
          ...errorResponses(400, 401, 403, 404, 409),
        },
      },
    },
    async (request) => ({
      data: await service.deleteFolder(
        requireStaff(request),
        request.params.id,
        request.body?.move_files ?? false,
      ),
    }),
  );

  r.get(
    paths.files,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Images of a folder (or of the top of the library without folder), newest first, paged',
        querystring: mediaFileQuerySchema,
        response: { 200: dataEnvelope(mediaFileListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.files(requireStaff(request), request.query) }),
  );

  r.post(
    paths.fileAdd,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Add an image (multipart: file PNG/JPEG/GIF/WebP ≤ 5 MB, checked and re-encoded; name, alt, folder)',
        consumes,
        body: mediaFileAddBodySchema,
        response: { 200: dataEnvelope(mediaFileSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { stack, by } = caller(request);
      return { data: await service.addFile(stack, by, request.body) };
    },
  );

  r.post(
    paths.fileUpdate,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary: "Edit an image: name, alt text, folder ('' = top), or a new file served at the same address",
        consumes,
        params: mediaIdParamsSchema,
        body: mediaFileUpdateBodySchema,
        response: { 200: dataEnvelope(mediaFileSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => ({
      data: await service.updateFile(requireStaff(request), request.params.id, request.body),
    }),
  );

  r.post(
    paths.fileDelete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete an image and its stored file; its address answers 404 from then on',
        params: mediaIdParamsSchema,
        response: {
          200: dataEnvelope(z.object({ id: z.number().int() })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await service.deleteFile(requireStaff(request), request.params.id) }),
  );
}

/** Public routes serving the library's images at their stable addresses (outside the staff guard). */
export function registerMediaLibraryFileRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const service = createMediaLibraryService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ slug: z.string(), key: z.string() });

  async function send(
    request: FastifyRequest,
    reply: FastifyReply,
    slug: string,
    key: string,
    thumbnail: boolean,
  ) {
    const found = await service.publicFile(slug, key, thumbnail);
    if (!found) throw AppError.notFound();
    const etag = `"${found.hash}${thumbnail ? '-t' : ''}"`;
    void reply
      .header('Cache-Control', LIBRARY_CACHE_CONTROL)
      .header('ETag', etag)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cross-Origin-Resource-Policy', 'cross-origin');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send(null);
    return reply.header('Content-Type', found.contentType).send(found.bytes);
  }

  r.get(
    `${STACK_API_PREFIX}${paths.publicFile}`,
    {
      schema: {
        tags,
        summary: 'A media library image at its stable address (public; revalidated by ETag)',
        params,
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: binaryImageSchema, 304: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => send(request, reply, request.params.slug, request.params.key, false),
  );

  r.get(
    `${STACK_API_PREFIX}${paths.publicThumbnail}`,
    {
      schema: {
        tags,
        summary: 'The thumbnail (WebP, 480 px wide at most) of a media library image',
        params,
        produces: ['image/webp'],
        response: { 200: binaryImageSchema, 304: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => send(request, reply, request.params.slug, request.params.key, true),
  );
}
