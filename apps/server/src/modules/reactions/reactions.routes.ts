import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  binaryImageSchema,
  dataEnvelope,
  REACTION_IMAGE_MAX_BYTES,
  reactionAddBodySchema,
  reactionIdParamsSchema,
  reactionListSchema,
  reactionPaths as paths,
  reactionSchema,
  reactionUpdateBodySchema,
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
import { createReactionsService } from './reactions.service.ts';

const tags = ['reactions'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('reactions'), feature: 'reaction' as const };
/** Room for the image and the form's other fields. */
const upload = { ...access, multipartOptions: { limits: { fileSize: REACTION_IMAGE_MAX_BYTES + 1 } } };
const consumes = ['multipart/form-data', 'application/x-www-form-urlencoded', 'application/json'];

/** Console routes of the reactions table (registered inside the community guard). */
export function registerReactionRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createReactionsService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  // The guard runs again before a multipart body is read: only the area's staff make the server buffer it.
  const guardBeforeBody = stackGuard(deps.stackScope);
  const caller = requireStaffActor;

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The community's reactions (default first) with the votes cast with each",
        response: { 200: dataEnvelope(reactionListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request)) }),
  );

  r.post(
    paths.add,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Add a reaction (multipart: label ≤ 50 and unique, sentiment 1/0/-1, active, image SVG/PNG/JPG ≤ 1 MB; ' +
          'an SVG is stored sanitised)',
        consumes,
        body: reactionAddBodySchema,
        response: { 200: dataEnvelope(reactionSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { stack, by } = caller(request);
      return { data: await service.add(stack, by, request.body) };
    },
  );

  r.post(
    paths.update,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary:
          'Change a reaction (label, sentiment, active, a new image); the default one cannot be disabled',
        consumes,
        params: reactionIdParamsSchema,
        body: reactionUpdateBodySchema,
        response: { 200: dataEnvelope(reactionSchema), ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => {
      const { stack, by } = caller(request);
      return { data: await service.update(stack, by, request.params.id, request.body) };
    },
  );

  r.post(
    paths.setDefault,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Make an active reaction the default one',
        params: reactionIdParamsSchema,
        response: { 200: dataEnvelope(reactionSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stack, by } = caller(request);
      return { data: await service.setDefault(stack, by, request.params.id) };
    },
  );
}

/** Public route serving a community's sanitised SVG reaction images (outside the staff guard). */
export function registerReactionImageRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const service = createReactionsService(deps);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    `${STACK_API_PREFIX}${paths.image}`,
    {
      schema: {
        tags,
        summary: "A community's reaction image (SVG, sanitised; public, immutable)",
        params: z.object({ slug: z.string(), file: z.string() }),
        produces: ['image/svg+xml'],
        response: { 200: binaryImageSchema, ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      const bytes = await service.svgImage(request.params.slug, request.params.file);
      if (!bytes) throw AppError.notFound();
      return reply
        .header('Content-Type', 'image/svg+xml')
        .header('Cache-Control', 'public, max-age=31536000, immutable')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cross-Origin-Resource-Policy', 'cross-origin')
        .send(bytes);
    },
  );
}
