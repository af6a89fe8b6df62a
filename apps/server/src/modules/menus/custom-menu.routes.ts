import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { customMenuQuerySchema, customMenuSchema, memberPageOf, rowIdSchema } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createMenusService, toCustomMenu } from './menus.service.ts';

const tags = ['member-menus'];
const idParams = z.object({ id: rowIdSchema });

/**
 * SelfCommunity's read-only custom menus (`custom_menu/`, `{id}/`, `search/`, `base/`). Public like
 * SelfCommunity's: a site's navigation frames the pages a visitor sees before signing in.
 */
export function registerCustomMenuRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const menus = createMenusService(deps);
  const publicUrl = deps.config.publicUrl;

  for (const [path, summary] of [
    ['/custom_menu/', 'Custom menus with their items (paged; search in the name)'],
    ['/custom_menu/search/', 'Custom menus whose name contains `search` (paged)'],
  ] as const) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary,
          querystring: customMenuQuerySchema,
          response: { 200: memberPageOf(customMenuSchema), ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        return memberPage(request, publicUrl, request.query, (limit, offset) =>
          menus.page(stackId, request.query, limit, offset),
        );
      },
    );
  }

  r.get(
    '/custom_menu/base/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: "The community's base menu",
        response: { 200: customMenuSchema, ...errorResponses(404) },
      },
    },
    async (request) => toCustomMenu(await menus.base(requireCommunity(request).stackId)),
  );

  r.get(
    '/custom_menu/:id/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One custom menu with its items',
        params: idParams,
        response: { 200: customMenuSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) => toCustomMenu(await menus.get(requireCommunity(request).stackId, request.params.id)),
  );
}
