import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createdMediaSchema,
  mediaCreateBodySchema,
  mediaPaths,
  MEMBER_IMAGE_MAX_BYTES,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { security, tags } from './route-support.ts';
import { createSharesService } from './shares.service.ts';

/**
 * `POST /media/` with `type: "share"`: SelfCommunity's way for a member to share a contribution; with
 * `type: "image"` (multipart, the file as `image`): a member's image for the contribution they publish.
 */
export function registerShareRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createSharesService(deps);
  r.post(
    mediaPaths.create,
    {
      // A file up to twice the limit reaches the service, which answers 400 with the limit in words.
      config: { member: 'member', multipartOptions: { limits: { fileSize: MEMBER_IMAGE_MAX_BYTES * 2 } } },
      schema: {
        tags,
        security,
        summary:
          'Share a contribution (`type: "share"` with `shared_object`, or the SDK\'s `share_object`): ' +
          'answers the share media to attach to a post; the sharer earns the loyalty social-share points ' +
          'once per contribution. Or upload an image (multipart `type: "image"`, the file as `image`: PNG, ' +
          'JPEG, GIF or WebP ≤ 5 MB, checked by its content and re-encoded; `title`, its alternative text): ' +
          'answers the image media the uploader alone attaches to a contribution (`medias`). Other types: 400',
        consumes: ['multipart/form-data', 'application/json'],
        body: mediaCreateBodySchema,
        response: { 201: createdMediaSchema, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request, reply) => {
      const community = requireCommunity(request);
      const caller = requireMember(request);
      if (request.body.type === 'image') {
        return reply.code(201).send(await service.uploadImage(community, caller, request.body));
      }
      return reply.code(201).send(await service.share(community.stackId, caller, request.body));
    },
  );
}
