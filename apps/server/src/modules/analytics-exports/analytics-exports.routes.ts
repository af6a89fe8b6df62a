import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ANALYTICS_EXPORTS_ACCESS,
  analyticsExportAddAnswerSchema,
  analyticsExportAddBodySchema,
  analyticsExportDownloadQuerySchema,
  analyticsExportFullAnswerSchema,
  analyticsExportIdParamsSchema,
  analyticsExportListAnswerSchema,
  analyticsExportListQuerySchema,
  analyticsPaths as paths,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { requireAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { ANALYTICS_EXPORT_JOB, createAnalyticsExportsService } from './analytics-exports.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';

const tags = ['analytics exports'];
const security = [{ bearer: [] }];
const config = {
  ...areaAccess(ANALYTICS_EXPORTS_ACCESS.area),
  feature: ANALYTICS_EXPORTS_ACCESS.feature,
};
/** The guard reads the slug after validation: params schemas must keep it. */
const idParams = analyticsExportIdParamsSchema.extend({ slug: z.string() });

/** Stack-scoped routes of this area (registered inside the community guard), and the export job. */
export function registerAnalyticsExportRoutes(scope: FastifyInstance, deps: PlatformDeps): void {
  const service = createAnalyticsExportsService(deps);
  deps.jobs.register(ANALYTICS_EXPORT_JOB, (job) => service.run(job));
  const r = scope.withTypeProvider<ZodTypeProvider>();

  r.post(
    paths.exportAdd,
    {
      config,
      schema: {
        tags,
        security,
        summary:
          'Request a CSV export (users, contributions, categories, or thread = one contribution’s comments). A job ' +
          'builds it and mails the requester a download link valid 24 hours.',
        body: analyticsExportAddBodySchema,
        response: { 202: analyticsExportAddAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const data = await service.add(requireStaff(request), requireAuth(request).accountId, request.body);
      return reply.code(202).send({ data });
    },
  );

  r.get(
    paths.exportGet,
    {
      config,
      schema: {
        tags,
        security,
        summary: "One of the caller's exports (with a fresh download link once done, until it expires)",
        params: idParams,
        response: { 200: analyticsExportFullAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => ({ data: await service.get(requireStaff(request), request.params.id) }),
  );

  r.get(
    paths.exportList,
    {
      config,
      schema: {
        tags,
        security,
        summary: "The caller's exports, newest first",
        querystring: analyticsExportListQuerySchema,
        response: { 200: analyticsExportListAnswerSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const { limit, offset } = request.query;
      const page = await service.list(requireStaff(request), limit, offset);
      return {
        data: { count: page.count, next: null, previous: null, results: page.results },
      };
    },
  );

  // The link in the mail is the credential: this route answers in onRequest, before the staff guard
  // (which would ask for a bearer token) runs.
  const serveDownload = async (request: FastifyRequest, reply: FastifyReply) => {
    const { slug, id } = request.params as { slug?: string; id?: string };
    const { token } = request.query as { token?: string };
    if (!slug || !id || !/^\d{1,15}$/.test(id)) throw AppError.notFound('This export is not found');
    const { body, fileName } = await service.download(
      slug,
      Number(id),
      typeof token === 'string' ? token : undefined,
    );
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${fileName}"`)
      .header('Cache-Control', 'private, no-store')
      .send(body);
  };
  r.get(
    paths.exportDownload,
    {
      config: { ...areaAccess(ANALYTICS_EXPORTS_ACCESS.area), signedLink: true },
      onRequest: serveDownload,
      schema: {
        tags,
        summary:
          'Download an export with the signed link of its mail (no bearer; ?token). 403 invalid_link, 410 link_expired.',
        params: idParams,
        querystring: analyticsExportDownloadQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string(), ...errorResponses(403, 404, 410) },
      },
    },
    // Never reached: onRequest has answered.
    async () => {
      throw AppError.notFound('This export is not found');
    },
  );
}
