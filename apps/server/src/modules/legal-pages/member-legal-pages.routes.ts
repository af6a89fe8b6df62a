import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  LEGAL_ACCEPTANCE_HEADER,
  legalPolicySchema,
  memberLegalAckBodySchema,
  memberLegalAckSchema,
  memberLegalPageSchema,
  memberLegalQuerySchema,
  memberListQuerySchema,
  memberPageOf,
  REQUIRED_LEGAL_POLICIES,
  rowIdSchema,
  type MemberLegalAck,
  type MemberLegalPage,
  type MemberLegalQuery,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireCommunity, requireMember } from '../../platform/member-scope/member-scope.ts';
import { memberPage } from '../../platform/member-scope/member-page.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { featureDisabled, hasFeature } from '../features/features.service.ts';
import { legalPageNotFound } from './legal-pages.service.ts';
import * as repo from './legal-pages.repository.ts';

const tags = ['member-legal-pages'];
const idParams = z.object({ key: rowIdSchema });
const policyParams = z.object({ key: legalPolicySchema });
/** `{id}/` and `{policy}/` share the path: a number is a version's id, a word a policy. */
const keyParams = z.object({ key: z.union([rowIdSchema, legalPolicySchema]) });

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

function toAck(row: repo.AckRow): MemberLegalAck {
  return {
    id: row.id,
    accepted_at: iso(row.accepted_at),
    not_accepted_at: iso(row.not_accepted_at),
    custom_page: row.version_id,
    user: row.user_id,
  };
}

function summary(html: string): string {
  const text = html
    .replace(/<[^>]*>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 199)}…` : text;
}

function present(row: repo.VersionRow, ack: repo.AckRow | undefined): MemberLegalPage {
  return {
    id: row.id,
    type: 'legal',
    slug: row.policy,
    title: row.label,
    html_summary: summary(row.html_body),
    html_body: row.html_body,
    valid_from: iso(row.valid_from),
    valid_to: iso(row.valid_to),
    created_at: iso(row.created_at) as string,
    updated_at: iso(row.updated_at) as string,
    active: row.current,
    created_by: row.created_by,
    updated_by: row.created_by,
    // An acknowledgement of an earlier round (before a force-accept) no longer answers for the member.
    ack: ack && ack.valid ? toAck(ack) : null,
  };
}

/** SelfCommunity's legal pages: read by anyone (terms come before joining), acknowledged by members. */
export function registerMemberLegalPageRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = deps;
  const publicUrl = deps.config.publicUrl;

  async function community(request: FastifyRequest): Promise<number> {
    const { stackId } = requireCommunity(request);
    if (!(await hasFeature(db, stackId, 'legal_pages'))) throw featureDisabled();
    return stackId;
  }

  /** Versions as the caller sees them, each with the caller's acknowledgement. */
  async function withAcks(request: FastifyRequest, stackId: number, rows: repo.VersionRow[]) {
    const userId = request.member?.userId;
    const acks =
      userId === undefined
        ? []
        : await repo.acksOf(
            db,
            stackId,
            userId,
            rows.map((v) => v.id),
          );
    return rows.map((row) =>
      present(
        row,
        acks.find((a) => a.version_id === row.id),
      ),
    );
  }

  const list = (
    request: FastifyRequest,
    stackId: number,
    q: MemberLegalQuery,
    extra: repo.MemberVersionFilter,
  ) =>
    memberPage(request, publicUrl, q, async (limit, offset) => {
      const page = await repo.memberVersions(db, stackId, {
        ...extra,
        search: q.search?.trim() || undefined,
        ...(q.valid_from ? { validFrom: new Date(q.valid_from) } : {}),
        ...(q.valid_to ? { validTo: new Date(q.valid_to) } : {}),
        ...(q.ordering ? { ordering: q.ordering } : {}),
        ...(limit !== undefined ? { limit } : {}),
        offset,
      });
      return { count: page.count, results: await withAcks(request, stackId, page.rows) };
    });

  for (const path of ['/legal_page/', '/legal_page/search/']) {
    r.get(
      path,
      {
        config: { member: 'public' },
        schema: {
          tags,
          summary: 'Legal pages: every version of every policy, newest first (filters: search, validity)',
          querystring: memberLegalQuerySchema,
          response: { 200: memberPageOf(memberLegalPageSchema), ...errorResponses(400, 401, 403, 404) },
        },
      },
      async (request) => list(request, await community(request), request.query, {}),
    );
  }

  r.get(
    '/legal_page/last_revisions/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'The current version of each policy (a plain array)',
        response: { 200: z.array(memberLegalPageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      const page = await repo.memberVersions(db, stackId, { currentOnly: true, ordering: 'id' });
      return withAcks(request, stackId, page.rows);
    },
  );

  r.get(
    '/legal_page/to_accept/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary:
          'The current versions of the required policies (terms, privacy) the caller must accept now: ' +
          'never accepted, a newer version, or a force-accept since (a plain array; empty when nothing is ' +
          'owed or legal pages are off). Accept each with `legal_page/{id}/ack/`',
        response: { 200: z.array(memberLegalPageSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const { stackId } = requireCommunity(request);
      if (!(await hasFeature(db, stackId, 'legal_pages'))) return [];
      const userId = requireMember(request).userId;
      const pending = await repo.pendingAcceptances(db, stackId, userId, REQUIRED_LEGAL_POLICIES);
      if (pending.length === 0) return [];
      const page = await repo.memberVersions(db, stackId, { ids: pending.map((p) => p.id), ordering: 'id' });
      return withAcks(request, stackId, page.rows);
    },
  );

  r.get(
    '/legal_page/user_acks/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The caller’s acknowledgements (a plain array; earlier rounds of a forced version excluded)',
        response: { 200: z.array(memberLegalAckSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      const acks = await repo.acksOf(db, stackId, requireMember(request).userId);
      return acks.filter((a) => a.valid).map(toAck);
    },
  );

  r.get(
    '/legal_page/:key/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'A legal page by id, or the current version of a policy (`tec`, `privacy`, `cookies`)',
        params: keyParams,
        response: { 200: memberLegalPageSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      const { key } = request.params;
      const filter = typeof key === 'number' ? { ids: [key] } : { policy: key, currentOnly: true };
      const page = await repo.memberVersions(db, stackId, { ...filter, limit: 1 });
      const [found] = await withAcks(request, stackId, page.rows);
      if (!found) throw legalPageNotFound();
      return found;
    },
  );

  r.get(
    '/legal_page/:key/revisions/',
    {
      config: { member: 'public' },
      schema: {
        tags,
        summary: 'Every version of a policy, newest first',
        params: policyParams,
        querystring: memberListQuerySchema,
        response: { 200: memberPageOf(memberLegalPageSchema), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      return list(request, stackId, request.query, { policy: request.params.key });
    },
  );

  r.post(
    '/legal_page/:key/ack/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'Accepts (`accept` true, on, 1) or refuses (false, off, 0) a legal page',
        params: idParams,
        body: memberLegalAckBodySchema,
        response: { 200: memberLegalAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      const userId = requireMember(request).userId;
      const versionId = request.params.key;
      const { count } = await repo.memberVersions(db, stackId, { ids: [versionId], limit: 1 });
      if (count === 0) throw legalPageNotFound();
      await repo.saveAck(db, stackId, versionId, userId, request.body.accept, clock.now());
      const [ack] = await repo.acksOf(db, stackId, userId, [versionId]);
      if (!ack) throw legalPageNotFound();
      return toAck(ack);
    },
  );

  r.get(
    '/legal_page/:key/user_ack/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'The caller’s acknowledgement of a legal page (404 when none holds)',
        params: idParams,
        response: { 200: memberLegalAckSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const stackId = await community(request);
      const [ack] = await repo.acksOf(db, stackId, requireMember(request).userId, [request.params.key]);
      if (!ack || !ack.valid) throw legalPageNotFound();
      return toAck(ack);
    },
  );
}

/**
 * ADR 0018: every successful member-API answer to a signed-in member who has not accepted the current
 * version of a required policy names those versions in `X-Legal-Acceptance-Required`
 * (`tec=12, privacy=13`), until they accept; no call is refused for it. Registered first in the member
 * scope, so it covers every member route.
 */
export function installLegalAcceptanceNotice(scope: FastifyInstance, deps: PlatformDeps): void {
  scope.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload) => {
    const member = request.member;
    const community = request.community;
    if (!member || !community || reply.statusCode >= 400) return payload;
    const pending = await repo.pendingAcceptances(
      deps.db,
      community.stackId,
      member.userId,
      REQUIRED_LEGAL_POLICIES,
    );
    if (pending.length > 0 && (await hasFeature(deps.db, community.stackId, 'legal_pages')))
      void reply.header(LEGAL_ACCEPTANCE_HEADER, pending.map((p) => `${p.policy}=${p.id}`).join(', '));
    return payload;
  });
}
