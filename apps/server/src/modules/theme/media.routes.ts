import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { binaryImageSchema, MEDIA_PATH } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { STACK_API_PREFIX } from '../../platform/stack-scope/stack-scope.ts';
import { createFileStorage } from '../../platform/storage/storage-choice.ts';
import { createThemeService } from './theme.service.ts';

/** Content-addressed files never change: browsers and CDNs may keep them for a year. */
export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const MEDIA_REDIRECT_CACHE_CONTROL = 'public, max-age=86400';

/** Public routes serving a community's uploaded images (outside the staff guard). */
export function registerMediaRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const storage = createFileStorage(deps.config);
  const service = createThemeService({ ...deps, storage });
  // A CDN in front of the bucket (AGORA_S3_PUBLIC_URL) serves the bytes; the addresses stay ours.
  const publicUrl = deps.config.s3?.publicUrl;
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${STACK_API_PREFIX}${MEDIA_PATH}/:hash/:file`,
    {
      schema: {
        tags: ['theme'],
        summary: "A community's uploaded image or one of its variants (public, immutable)",
        params: z.object({ slug: z.string(), hash: z.string(), file: z.string() }),
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: binaryImageSchema, 302: z.null(), 304: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const { slug, hash, file } = request.params;
      const media = await service.media(slug, hash, file);
      if (!media) throw AppError.notFound();
      if (publicUrl && !media.bytes) {
        // Found at the CDN for a day: the operator may move it; the file itself never changes.
        return reply
          .header('Cache-Control', MEDIA_REDIRECT_CACHE_CONTROL)
          .redirect(`${publicUrl}/${media.key}`, 302);
      }
      const stored = media.bytes ? undefined : await storage.open(media.key);
      if (!media.bytes && !stored) throw AppError.notFound();
      const etag = `"${hash}-${file}"`;
      void reply
        .header('Cache-Control', MEDIA_CACHE_CONTROL)
        .header('ETag', etag)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin');
      if (request.headers['if-none-match'] === etag) {
        stored?.body.destroy();
        return reply.code(304).send(null);
      }
      void reply.header('Content-Type', media.contentType);
      if (media.bytes) return reply.send(media.bytes);
      return reply.header('Content-Length', stored!.size).send(stored!.body);
    },
  );
}
