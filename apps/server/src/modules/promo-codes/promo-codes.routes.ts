import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dataEnvelope,
  memberPromoCodeSchema,
  promoCodeIdParamsSchema,
  promoCodeListQuerySchema,
  promoCodeListSchema,
  promoCodePaths as paths,
  promoCodeSchema,
  promoCodeWriteBodySchema,
  rowIdSchema,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireCommunity } from '../../platform/member-scope/member-scope.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { requireStaff, requireStaffActor } from '../../platform/stack-scope/stack-scope.ts';
import { createPromoCodesService } from './promo-codes.service.ts';

const tags = ['promo-codes'];
const security = [{ bearer: [] }];
const access = { ...areaAccess('promo-codes'), feature: 'promo_code' as const };
const one = { 200: dataEnvelope(promoCodeSchema), ...errorResponses(400, 401, 403, 404) };

/** Console routes of the promo codes table (registered inside the community guard). */
export function registerPromoCodeRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createPromoCodesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.get(
    paths.list,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: "The community's promo codes, newest first (paged; search in name and code)",
        querystring: promoCodeListQuerySchema,
        response: { 200: dataEnvelope(promoCodeListSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.list(requireStaff(request).stackId, request.query) }),
  );

  r.post(
    paths.add,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Add a promo code (name, code unique in the community, user tags, valid from < valid to)',
        body: promoCodeWriteBodySchema,
        response: one,
      },
    },
    async (request) => {
      const { stack, by } = requireStaffActor(request);
      return { data: await service.add(stack.stackId, by, request.body) };
    },
  );

  r.post(
    paths.update,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Change a promo code (any of its fields, checked as a whole)',
        params: promoCodeIdParamsSchema,
        body: promoCodeWriteBodySchema,
        response: one,
      },
    },
    async (request) => ({
      data: await service.update(requireStaff(request).stackId, request.params.id, request.body),
    }),
  );

  r.post(
    paths.delete,
    {
      config: access,
      schema: {
        tags,
        security,
        summary: 'Delete a promo code (members who used it keep their tags)',
        params: promoCodeIdParamsSchema,
        response: {
          200: dataEnvelope(z.object({ id: rowIdSchema })),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request) => ({ data: await service.remove(requireStaff(request).stackId, request.params.id) }),
  );
}

/** SelfCommunity's public `promo_code/{id or code}/` (member API). */
export function registerMemberPromoCodeRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createPromoCodesService(deps);
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.get(
    paths.memberDetail,
    {
      config: { member: 'public' },
      schema: {
        tags: ['member-promo-codes'],
        summary: 'A promo code by its code (or id) with whether it is valid now; no authentication',
        params: z.object({ slug: z.string(), code: z.string().min(1).max(100) }),
        response: { 200: memberPromoCodeSchema, ...errorResponses(400, 403, 404) },
      },
    },
    async (request) => service.memberGet(requireCommunity(request).stackId, request.params.code),
  );
}
