import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advertisingPaths as paths,
  ErrorCode,
  memberCustomAdSchema,
  memberListQuerySchema,
  memberPageOf,
  queryBoolean,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { createAdvertisingService, type AdReader } from './advertising.service.ts';

const tags = ['member-advertising'];
const idParams = z.object({ slug: z.string(), id: rowIdSchema });
/**
 * SelfCommunity's filters: `position`, `category` (one id) or `categories` (`[1,2]` as its react-core
 * sends, or `1,2`), `active` (admins and editors), `search` in the title.
 */
const adQuery = memberListQuerySchema.extend({
  position: z.string().max(100).optional(),
  category: z.string().max(30).optional(),
  categories: z.string().max(2000).optional(),
  active: queryBoolean.optional(),
  search: z.string().max(200).optional(),
});
type AdQuery = z.infer<typeof adQuery>;

function readerOf(request: FastifyRequest): AdReader {
  const caller = request.member;
  return { signedIn: !!caller, manager: caller?.role === 'admin' || caller?.role === 'editor' };
}

/** The asked categories, or undefined for every ad; a malformed list is refused (400). */
function categoriesOf(query: AdQuery): number[] | undefined {
  const raw = [query.category, query.categories]
    .filter((v): v is string => v !== undefined && v.trim() !== '')
    .join(',');
  if (raw === '') return undefined;
  const parts = raw
    .replace(/^\s*\[|\]\s*$/g, '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ids = parts.map((p) => (/^\d{1,10}$/.test(p) ? Number(p) : NaN));
  if (ids.some((id) => !Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647)) {
    throw AppError.of(400, ErrorCode.invalid, 'Enter category ids.', 'category');
  }
  return ids;
}

/**
 * SelfCommunity's read-only custom ads (`custom_adv/`, `search/`, `{id}/`). Public: ads are shown to
 * visitors too. Members see ads only while `custom_adv_enabled` is on (and the `advertising` flag);
 * with `custom_adv_only_for_anonymous_users_enabled`, signed-in members see none. Admins and editors
 * always see them, inactive ones too.
 */
export function registerMemberAdvertisingRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const service = createAdvertisingService(deps);
  const publicUrl = deps.config.publicUrl;

  for (const [path, summary] of [
    [paths.memberList, 'Custom ads (paged; filters position, category, active for admins and editors)'],
    [paths.memberSearch, 'Custom ads by position and categories (paged), as SelfCommunity’s widgets ask'],
  ] as const) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary,
          querystring: adQuery,
          response: { 200: memberPageOf(memberCustomAdSchema), ...errorResponses(400, 404) },
        },
      },
      async (request) => {
        const { stackId } = requireCommunity(request);
        const q = request.query;
        const categories = categoriesOf(q);
        return memberPage(request, publicUrl, q, (limit, offset) =>
          service.memberPage(
            stackId,
            readerOf(request),
            {
              ...(q.position ? { position: q.position } : {}),
              ...(categories ? { categories } : {}),
              ...(q.active !== undefined ? { active: q.active } : {}),
              ...(q.search ? { search: q.search } : {}),
            },
            limit,
            offset,
          ),
        );
      },
    );
  }

  r.get(
    paths.memberOne,
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One custom ad',
        params: idParams,
        response: { 200: memberCustomAdSchema, ...errorResponses(400, 404) },
      },
    },
    async (request) =>
      service.memberOne(requireCommunity(request).stackId, readerOf(request), request.params.id),
  );
}
