import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  BROADCAST_IMAGE_MAX_BYTES,
  broadcastAudienceCountSchema,
  broadcastDeleteResultSchema,
  broadcastImageResultSchema,
  broadcastListQuerySchema,
  broadcastListSchema,
  broadcastMessageSchema,
  broadcastPaths as paths,
  broadcastPickQuerySchema,
  broadcastTagChoicesSchema,
  broadcastUserChoicesSchema,
  broadcastScheduleBodySchema,
  broadcastWriteBodySchema,
  dataEnvelope,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { requireStaff, requireStaffActor, stackGuard } from '../../platform/stack-scope/stack-scope.ts';
import { createBroadcastService } from './broadcast-messages.service.ts';
import { registerBroadcastJobs } from './broadcast-delivery.service.ts';

const tags = ['broadcast-messages'];
const security = [{ bearer: [] }];
/** Broadcast messages are marketing (admin-only this round, AREA_ROLES) under the `broadcast` flag. */
const access = { ...areaAccess('broadcast-messages'), feature: 'broadcast' as const };
const upload = { ...access, multipartOptions: { limits: { fileSize: BROADCAST_IMAGE_MAX_BYTES * 2 } } };
const consumes = ['multipart/form-data'];
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
const messageResponse = {
  200: dataEnvelope(broadcastMessageSchema),
  ...errorResponses(400, 401, 403, 404),
};
const imageBody = z.object({
  file: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'The image (PNG, JPEG, GIF or WebP, at most 5 MB; suggested 1920×1280)',
  }),
});

/** Console routes of broadcast messages (inside the community guard); registers their jobs too. */
export function registerBroadcastMessageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createBroadcastService(deps);
  registerBroadcastJobs(deps.jobs, deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const guardBeforeBody = stackGuard(deps.stackScope);
  const stackOf = (request: Parameters<typeof requireStaff>[0]) => requireStaff(request).stackId;

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary:
          'Broadcast messages of one tab: templates, scheduled or sent (paged, search in name and title)',
        querystring: broadcastListQuerySchema,
        response: { 200: dataEnvelope(broadcastListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(stackOf(request), request.query) }),
  );

  r.get(
    paths.tagChoices,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Active user tags for the audience picker (by name, search in the name, 50 at most)',
        querystring: broadcastPickQuerySchema,
        response: { 200: dataEnvelope(broadcastTagChoicesSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.tagChoices(stackOf(request), request.query.search) }),
  );

  r.get(
    paths.userChoices,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Members for the audience picker (username contains the search, 20 at most)',
        querystring: broadcastPickQuerySchema,
        response: { 200: dataEnvelope(broadcastUserChoicesSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.userChoices(stackOf(request), request.query.search) }),
  );

  r.post(
    paths.save,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Save a new broadcast message as a template',
        body: broadcastWriteBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.save(stack, by, request.body) };
    },
  );

  r.post(
    paths.image,
    {
      config: upload,
      onRequest: guardBeforeBody,
      schema: {
        tags,
        security,
        summary: "Upload a broadcast message's image (content-checked, re-encoded); answers its address",
        consumes,
        body: imageBody,
        response: {
          200: dataEnvelope(broadcastImageResultSchema),
          ...errorResponses(400, 401, 403, 404, 413),
        },
      },
    },
    async (request) => ({ data: await service.uploadImage(requireStaff(request), request.body.file) }),
  );

  r.get(
    paths.get,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'One broadcast message',
        params: idParams,
        response: messageResponse,
      },
    },
    async (request) => ({ data: await service.get(stackOf(request), request.params.id) }),
  );

  r.get(
    paths.audience,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'How many members the message reaches (active members of its audience)',
        params: idParams,
        response: { 200: dataEnvelope(broadcastAudienceCountSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.audience(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change a template or a scheduled message (the whole message)',
        params: idParams,
        body: broadcastWriteBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.update(stack, by, request.params.id, request.body) };
    },
  );

  r.post(
    paths.remove,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete a broadcast message (a sent one leaves the members’ banners too)',
        params: idParams,
        response: { 200: dataEnvelope(broadcastDeleteResultSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.remove(stackOf(request), request.params.id) }),
  );

  r.post(
    paths.send,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Send a template or a scheduled message now (banners and Web Push)',
        params: idParams,
        response: messageResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.send(stack, by, request.params.id) };
    },
  );

  r.post(
    paths.schedule,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Schedule a template, or reschedule a scheduled message (the date must be in the future)',
        params: idParams,
        body: broadcastScheduleBodySchema,
        response: messageResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.schedule(stack, by, request.params.id, request.body.scheduled_at) };
    },
  );

  r.post(
    paths.copy,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Edit a sent message as new: its copy as a new template',
        params: idParams,
        response: messageResponse,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.copy(stack, by, request.params.id) };
    },
  );
}
