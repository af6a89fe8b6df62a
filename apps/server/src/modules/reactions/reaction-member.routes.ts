import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  memberPageOf,
  memberReactionQuerySchema,
  memberReactionSchema,
  reactionPaths as paths,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createReactionsService } from './reactions.service.ts';

const tags = ['member-reactions'];
const idParams = z.object({ slug: z.string(), id: rowIdSchema });

/** SelfCommunity's read-only reactions (`reaction/`, `search/`, `{id}/`), public like SelfCommunity's. */
export function registerMemberReactionRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createReactionsService(deps);
  const publicUrl = deps.config.publicUrl;

  for (const [path, summary] of [
    [paths.memberList, 'Reactions (paged; search in the label, active filter, ordering)'],
    [paths.memberSearch, 'Reactions whose label contains `search` (paged)'],
  ] as const) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary,
          querystring: memberReactionQuerySchema,
          response: { 200: memberPageOf(memberReactionSchema), ...errorResponses(400, 403, 404) },
        },
      },
      async (request) => {
        const community = requireCommunity(request);
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          service.memberPage(community, request.query, limit, offset),
        );
      },
    );
  }

  r.get(
    paths.memberDetail,
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One reaction',
        params: idParams,
        response: { 200: memberReactionSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.memberGet(requireCommunity(request), request.params.id),
  );
}
