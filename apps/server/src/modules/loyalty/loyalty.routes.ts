import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryImageSchema,
  dataEnvelope,
  loyaltyConfigBodySchema,
  loyaltyConfigSchema,
  loyaltyIdParamsSchema,
  loyaltyListQuerySchema,
  loyaltyPaths as paths,
  PRIZE_IMAGE_MAX_BYTES,
  prizeListSchema,
  prizeRequestExportBodySchema,
  prizeRequestListSchema,
  prizeRequestSchema,
  prizeRequestStatusBodySchema,
  prizeSchema,
  prizeWriteBodySchema,
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
import { createLoyaltyService } from './loyalty.service.ts';

const tags = ['loyalty'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('loyalty'), feature: 'loyalty' as const };
const upload = { ...access, multipartOptions: { limits: { fileSize: PRIZE_IMAGE_MAX_BYTES + 1 } } };
const consumes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];
const errors = errorResponses(400, 401, 403, 404);

/** Console routes of the loyalty program: configure (points, prizes) and manage (requests). */
export function registerLoyaltyRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createLoyaltyService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const guardBeforeBody = stackGuard(deps.stackScope);
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.config,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Loyalty points per action (article, post, comment, vote, connection, follower, …)',
        response: { 200: dataEnvelope(loyaltyConfigSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.config(stackOf(request)) }),
  );

  r.post(
    paths.configUpdate,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change the points of some actions (whole numbers 0 to 10,000)',
        body: loyaltyConfigBodySchema,
        response: { 200: dataEnvelope(loyaltyConfigSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.updateConfig(stackOf(request), request.body) }),
  );

  r.get(
    paths.prizes,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Prizes, cheapest first (paged)',
        querystring: loyaltyListQuerySchema.omit({ status: true }),
        response: { 200: dataEnvelope(prizeListSchema), ...errors },
      },
    },
    async (request) => ({
      data: await service.prizes(stackOf(request), request.query.limit, request.query.offset),
    }),
  );

  r.post(
    paths.prizeAdd,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Add a prize (multipart: title, points, link, description, active, image; the image is ' +
          'decoded and encoded again, suggested 1920×1280)',
        consumes,
        body: prizeWriteBodySchema,
        response: { 200: dataEnvelope(prizeSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.addPrize(stack, by, request.body) };
    },
  );

  r.post(
    paths.prizeUpdate,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary: 'Change a prize (any of its fields; a new image replaces the previous one)',
        consumes,
        params: loyaltyIdParamsSchema,
        body: prizeWriteBodySchema,
        response: { 200: dataEnvelope(prizeSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => ({
      data: await service.updatePrize(requireStaff(request), request.params.id, request.body),
    }),
  );

  r.get(
    paths.requests,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Prize requests, newest first (paged; status filter)',
        querystring: loyaltyListQuerySchema,
        response: { 200: dataEnvelope(prizeRequestListSchema), ...errors },
      },
    },
    async (request) => ({ data: await service.requests(stackOf(request), request.query) }),
  );

  r.post(
    paths.requestStatus,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Accept or refuse a pending request (a refusal gives the member the points back, once)',
        params: loyaltyIdParamsSchema,
        body: prizeRequestStatusBodySchema,
        response: { 200: dataEnvelope(prizeRequestSchema), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.decide(stack.stackId, by, request.params.id, request.body.status) };
    },
  );

  r.post(
    paths.requestsExport,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'The selected requests as CSV (at least one; cells starting with = + - @ are escaped)',
        body: prizeRequestExportBodySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errors },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const csv = await service.exportCsv(staff.stackId, request.body.ids);
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="prize-requests-${staff.slug}.csv"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
    },
  );
}

/** Public route serving prize images (outside the staff guard). */
export function registerPrizeImageRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const service = createLoyaltyService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${STACK_API_PREFIX}${paths.image}`,
    {
      schema: {
        tags,
        summary: "A prize's image (public, immutable: its address holds its content hash)",
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
