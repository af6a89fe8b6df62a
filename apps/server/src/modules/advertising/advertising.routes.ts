import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AD_IMAGE_MAX_BYTES,
  advertisingPaths as paths,
  advertisingSettingsBodySchema,
  advertisingSettingsSchema,
  binaryImageSchema,
  customAdDeleteResultSchema,
  customAdIdParamsSchema,
  customAdListQuerySchema,
  customAdListSchema,
  customAdSchema,
  customAdWriteBodySchema,
  dataEnvelope,
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
import { createAdvertisingService } from './advertising.service.ts';

const tags = ['advertising'];
const security = [{ bearer: [] }];
/** Advertising is one of the integrations (spec mgmt §1), the admin's; feature flag `advertising`. */
const access = { ...areaAccess('advertising'), feature: 'advertising' as const };
// Images up to 5 MB reach the service, which answers the spec's 1 MB message (400); larger bodies 413.
const upload = { ...access, multipartOptions: { limits: { fileSize: 5 * AD_IMAGE_MAX_BYTES } } };
const consumes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const errors = errorResponses(400, 401, 403, 404);
const adResponse = { 200: dataEnvelope(customAdSchema), ...errorResponses(400, 401, 403, 404, 413) };

/** Console routes of advertising: AdSense settings, the active system, custom ads. */
export function registerAdvertisingRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createAdvertisingService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const guardBeforeBody = stackGuard(deps.stackScope);

  r.get(
    paths.settings,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'The active advertising system, AdSense settings, custom ads audience, the custom domain',
        response: { 200: dataEnvelope(advertisingSettingsSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.settings(requireStaff(request).stackId) }),
  );

  r.post(
    paths.settingsUpdate,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Change advertising settings; `system` activates one system and turns the other off ' +
          '(AdSense needs its verification code and a custom domain)',
        body: advertisingSettingsBodySchema,
        response: { 200: dataEnvelope(advertisingSettingsSchema), ...errors },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      return { data: await service.updateSettings(staff.stackId, staff.accountId, request.body) };
    },
  );

  r.get(
    paths.ads,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Custom ads, newest first (paged; position filter)',
        querystring: customAdListQuerySchema,
        response: { 200: dataEnvelope(customAdListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId, request.query) }),
  );

  r.post(
    paths.adAdd,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Add a custom ad (multipart: title, link, image at most 1 MB or embed_code, category or ' +
          'empty for all, position, active)',
        consumes,
        body: customAdWriteBodySchema,
        response: adResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.add(stack, by, request.body) };
    },
  );

  r.post(
    paths.adUpdate,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary: 'Change a custom ad (any field; a new image replaces the previous one)',
        consumes,
        params: customAdIdParamsSchema,
        body: customAdWriteBodySchema,
        response: adResponse,
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request), request.params.id, request.body),
    }),
  );

  r.post(
    paths.adDelete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete a custom ad',
        params: customAdIdParamsSchema,
        response: { 200: dataEnvelope(customAdDeleteResultSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.remove(requireStaff(request).stackId, request.params.id) }),
  );
}

/** Public route serving custom ad images (outside the staff guard). */
export function registerAdImageRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const service = createAdvertisingService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${STACK_API_PREFIX}${paths.image}`,
    {
      schema: {
        tags,
        summary: "A custom ad's image (public, immutable: its address holds its content hash)",
        params: z.object({ slug: z.string(), hash: z.string(), file: z.string() }),
        produces: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        response: { 200: binaryImageSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const found = await service.image(request.params.slug, request.params.hash, request.params.file);
      if (!found) throw AppError.notFound();
      return reply
        .header('Content-Type', found.contentType)
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(found.bytes);
    },
  );
}
