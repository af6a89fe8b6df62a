import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ErrorCode,
  MEMBER_PEOPLE_MESSAGES as M,
  memberPageOf,
  memberTagAssignSchema,
  memberTagQuerySchema,
  memberTagSchema,
  memberTagWriteSchema,
  TAG_TYPE_FEATURE,
  type MemberTag,
  type MemberTagWrite,
  type Tag,
  type TagType,
  type TagWriteBody,
  rowIdSchema,
} from '@agora/contract';
import type { MemberApiDeps } from '../member-auth/member-auth.service.ts';
import { requireCommunity, type MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { enabledFeatures, featureDisabled } from '../features/features.service.ts';
import { createTaggingService } from '../tagging/tagging.service.ts';
import { pageOfTags, type MemberTagRow } from '../tagging/member-tags.repository.ts';
import { requireReader } from './member-people.service.ts';

const tags = ['member-people'];
const idParams = z.object({ id: rowIdSchema });
const ADMIN = ['admin'] as const;

/** SelfCommunity's "contribution" tags are this server's "thread" tags. */
const toOurType = (type: string | undefined) => (type === 'contribution' ? 'thread' : type);
const toTheirType = (type: TagType): MemberTag['type'] => (type === 'thread' ? 'contribution' : type);

function present(row: MemberTagRow | Tag, admin: boolean): MemberTag {
  const base = {
    id: row.id,
    type: toTheirType(row.type),
    name: row.name,
    description: row.description,
    color: row.color,
  };
  if (!admin) return base;
  return {
    ...base,
    visible: row.visible,
    visibility_boost: row.visibility_boost,
    created_at: new Date(row.created_at).toISOString(),
    active: row.active,
    deleted: false,
  };
}

function writeBody(body: MemberTagWrite): TagWriteBody {
  const out: TagWriteBody = {};
  if (body.type !== undefined) out.type = toOurType(body.type);
  if (body.name !== undefined) out.name = body.name;
  if (body.description !== undefined) out.description = body.description;
  if (body.color !== undefined) out.color = body.color;
  if (body.visible !== undefined) out.visible = body.visible;
  if (body.visibility_boost !== undefined) out.visibility_boost = body.visibility_boost;
  if (body.active !== undefined) out.active = body.active;
  // There is no soft delete of tags here: a deleted tag is an inactive one.
  if (body.deleted === true) out.active = false;
  return out;
}

/** Tags: everyone reads the visible active ones; admins read all, create, edit and assign them. */
export function registerMemberTagRoutes(scope: FastifyInstance, deps: MemberApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const publicUrl = deps.config.publicUrl;
  const tagging = createTaggingService(deps);

  /** The tag types whose features are on; refuses every tag call while `tagging` is off. */
  async function enabledTypes(stackId: number): Promise<TagType[]> {
    const on = await enabledFeatures(deps.db, stackId);
    if (!on.includes('tagging')) throw featureDisabled();
    return (Object.keys(TAG_TYPE_FEATURE) as TagType[]).filter((t) => on.includes(TAG_TYPE_FEATURE[t]));
  }
  const isAdmin = (caller: MemberCaller | undefined) => caller?.role === 'admin';

  r.get(
    '/tag/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary:
          'Tags (admins: every tag with every field and the filters; others: visible active tags only)',
        querystring: memberTagQuerySchema,
        response: { 200: memberPageOf(memberTagSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      const types = await enabledTypes(stackId);
      const admin = isAdmin(request.member);
      const q = request.query;
      const type = toOurType(q.type) as TagType | undefined;
      return memberPage(request, publicUrl, q, async (limit, offset) => {
        const page = await pageOfTags(deps.db, stackId, {
          types: type ? types.filter((t) => t === type) : types,
          search: q.search?.trim() || undefined,
          active: admin ? q.active : true,
          visible: admin ? q.visible : true,
          visibilityBoost: admin ? q.visibility_boost : undefined,
          ordering: q.ordering,
          limit,
          offset,
        });
        return { count: page.count, results: page.rows.map((row) => present(row, admin)) };
      });
    },
  );

  r.get(
    '/tag/:id/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'One tag (others than admins: only a visible active one)',
        params: idParams,
        response: { 200: memberTagSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      await requireReader(deps, request, stackId);
      const types = await enabledTypes(stackId);
      const admin = isAdmin(request.member);
      const page = await pageOfTags(deps.db, stackId, {
        types,
        ids: [request.params.id],
        active: admin ? undefined : true,
        visible: admin ? undefined : true,
        limit: 1,
        offset: 0,
      });
      const row = page.rows[0];
      if (!row) throw AppError.notFound('This tag is not found.');
      return present(row, admin);
    },
  );

  r.post(
    '/tag/',
    {
      config: { member: ADMIN },
      schema: {
        tags,
        summary: 'Creates a tag: type user, category or contribution (admins)',
        body: memberTagWriteSchema,
        response: { 201: memberTagSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const { stackId } = requireCommunity(request);
      await enabledTypes(stackId);
      // Any hex colour (`#rgb`, `#rrggbb`), as SelfCommunity's SDK sends it.
      const tag = await tagging.add(stackId, writeBody(request.body), 'hex');
      return reply.code(201).send(present(tag, true));
    },
  );

  for (const method of ['PUT', 'PATCH'] as const) {
    r.route({
      method,
      url: '/tag/:id/',
      config: { member: ADMIN },
      schema: {
        tags,
        summary: 'Changes a tag; its type stays (admins)',
        params: idParams,
        body: memberTagWriteSchema,
        response: { 200: memberTagSchema, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => {
        const { stackId } = requireCommunity(request);
        await enabledTypes(stackId);
        return present(
          await tagging.update(stackId, request.params.id, writeBody(request.body), 'hex'),
          true,
        );
      },
    });
  }

  for (const [action, on] of [
    ['assign', true],
    ['add', true],
    ['remove', false],
  ] as const) {
    r.post(
      `/tag/:id/${action}/`,
      {
        config: { member: ADMIN },
        schema: {
          tags,
          summary: `${on ? 'Assigns the tag to' : 'Removes the tag from'} one user, category or contribution (admins)`,
          params: idParams,
          body: memberTagAssignSchema,
          response: { 204: z.null().describe('Done'), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request, reply) => {
        const { stackId } = requireCommunity(request);
        await enabledTypes(stackId);
        const targets = (['user', 'category', 'contribution'] as const).filter(
          (key) => request.body[key] !== undefined,
        );
        const key = targets[0];
        if (targets.length !== 1 || key === undefined) throw AppError.of(400, ErrorCode.invalid, M.tagTarget);
        await tagging.assign(
          stackId,
          request.params.id,
          { object_type: key, object_ids: [request.body[key] as number] },
          on,
        );
        return reply.code(204).send(null);
      },
    );
  }
}
