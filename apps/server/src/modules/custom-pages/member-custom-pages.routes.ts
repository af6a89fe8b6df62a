import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CUSTOM_PAGE_SLUG,
  memberCustomPageQuerySchema,
  memberCustomPageSchema,
  memberPageOf,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { featureDisabled, hasFeature } from '../features/features.service.ts';
import { createCustomPagesService } from './custom-pages.service.ts';

const tags = ['member-custom-pages'];
/** `{id}/` is a page's id, or its slug. */
const keyParams = z.object({ key: z.union([rowIdSchema, z.string().max(100).regex(CUSTOM_PAGE_SLUG)]) });

/** Admins and editors see inactive pages too, and may filter on `active` (SelfCommunity's rule). */
const seesInactive = (request: FastifyRequest) =>
  request.member?.role === 'admin' || request.member?.role === 'editor';

/**
 * SelfCommunity's read-only custom pages (`custom_page/`, `{id}/`, `search/`): public, like its own
 * (pages such as "About us" come before joining), under the `cms` flag.
 */
export function registerMemberCustomPageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createCustomPagesService(deps);
  const publicUrl = deps.config.publicUrl;

  async function community(request: FastifyRequest): Promise<number> {
    const { stackId } = requireCommunity(request);
    if (!(await hasFeature(deps.db, stackId, 'cms'))) throw featureDisabled();
    return stackId;
  }

  for (const [path, summary] of [
    [
      '/custom_page/',
      'Custom pages, last edited first (members see active ones; `active` for admins and editors)',
    ],
    ['/custom_page/search/', 'Custom pages whose title, slug or label contain `search` (paged)'],
  ] as const) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary,
          querystring: memberCustomPageQuerySchema,
          response: { 200: memberPageOf(memberCustomPageSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => {
        const stackId = await community(request);
        const { search, active } = request.query;
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          service.memberList(stackId, { search, active, seeInactive: seesInactive(request) }, limit, offset),
        );
      },
    );
  }

  r.get(
    '/custom_page/:key/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'A custom page by id or slug (an inactive one only for admins and editors)',
        params: keyParams,
        response: { 200: memberCustomPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => service.memberGet(await community(request), request.params.key, seesInactive(request)),
  );
}
