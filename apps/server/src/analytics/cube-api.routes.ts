import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  analyticsPaths as paths,
  communitySigninAnswerSchema,
  CubeApiErrorCode,
  cubeQuerySchema,
  ErrorCode,
  type AppErrorCode,
} from '@agora/contract';
import { errorEntry } from '../platform/errors/app-error.ts';
import type { PlatformDeps } from '../platform/platform-deps.ts';
import type { StacksService } from '../modules/stacks/stacks.service.ts';
import { errorResponses } from '../platform/openapi/error-responses.ts';
import { requireStaff, STACK_API_PREFIX } from '../platform/stack-scope/stack-scope.ts';
import { createCubeEngine, type CubeEngine } from './cube-engine.ts';
import { CubeAccessError, CubeQueryError } from './cube-compiler.ts';
import { currentTokenHolder } from './data-provisioning-holder.ts';
import { issueDataProvisioningToken, verifyDataProvisioningToken } from './data-provisioning-token.ts';
import { firstNulPath } from '../platform/http/nul-guard.ts';
import { areaAccess } from '../platform/stack-scope/console-area.ts';

const tags = ['analytics'];

/** Cube's error body (`error`) plus our envelope (`errors`), so both kinds of client understand it. */
function fail(reply: FastifyReply, status: number, code: AppErrorCode, message: string) {
  return reply
    .code(status)
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: message, errors: [errorEntry(code, message)] });
}

/** The Cube API checks a data-provisioning token's holder against their membership now. */
type CubeApiDeps = PlatformDeps & { stacks: StacksService };

async function stackIdOf(deps: CubeApiDeps, slug: string): Promise<number | undefined> {
  const row = await deps.db.selectFrom('stacks').select('id').where('slug', '=', slug).executeTakeFirst();
  return row?.id;
}

/**
 * The community of the url and the caller's roles, when the request's token belongs to it and its
 * holder is still staff in good standing there (checked on every query: leaving the staff, a ban or a
 * disabled account ends the token at once); otherwise the 403 is sent.
 */
async function authorise(deps: CubeApiDeps, request: FastifyRequest, reply: FastifyReply) {
  const { slug } = request.params as { slug: string };
  const stackId = await stackIdOf(deps, slug);
  const verdict =
    stackId === undefined
      ? ({ ok: false } as const)
      : await verifyDataProvisioningToken(deps, request.headers.authorization, stackId);
  const holder =
    verdict.ok && stackId !== undefined
      ? await currentTokenHolder(deps, stackId, verdict.claims.sub)
      : undefined;
  if (!holder || stackId === undefined) {
    await fail(reply, 403, CubeApiErrorCode.invalidToken, 'Invalid token');
    return undefined;
  }
  return { stackId, roles: holder.roles };
}

function parseQuery(
  raw: unknown,
): { ok: true; query: z.infer<typeof cubeQuerySchema> } | { ok: false; message: string } {
  let value = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, message: 'The query is not valid JSON' };
    }
  }
  if (value === undefined || value === null) return { ok: false, message: 'Query param is required' };
  // JSON text can spell U+0000 as an escape, which the NUL guard of raw inputs cannot see.
  if (firstNulPath(value) !== undefined) {
    return { ok: false, message: 'The query cannot contain the NUL character' };
  }
  if (Array.isArray(value))
    return { ok: false, message: 'Multiple queries (data blending) are not supported' };
  const parsed = cubeQuerySchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
    return { ok: false, message: `Invalid query format: ${where}${issue?.message ?? 'invalid'}` };
  }
  return { ok: true, query: parsed.data };
}

const loadQuerystring = z.object({
  query: z.string().optional().describe('The Cube query as JSON'),
  queryType: z.string().optional().describe("'multi' answers {queryType, results, pivotQuery}"),
});
const loadBody = z
  .object({ query: z.unknown().optional(), queryType: z.string().optional() })
  .optional()
  .nullable();

/**
 * The Cube-compatible API under a community's internal url (`/c/:slug/cubejs-api/v1/…`), authenticated
 * with the data-provisioning token, outside the staff bearer guard.
 */
export function registerCubeApiRoutes(app: FastifyInstance, deps: CubeApiDeps, engine?: CubeEngine): void {
  const cube = engine ?? createCubeEngine({ db: deps.db, clock: deps.clock });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const params = z.object({ slug: z.string() });

  async function load(
    request: FastifyRequest,
    reply: FastifyReply,
    raw: unknown,
    queryType: string | undefined,
  ) {
    const caller = await authorise(deps, request, reply);
    if (caller === undefined) return reply;
    const parsed = parseQuery(raw);
    if (!parsed.ok) return fail(reply, 400, CubeApiErrorCode.invalidQuery, parsed.message);
    try {
      const answer = await cube.load(parsed.query, caller.stackId, caller.roles);
      void reply.header('Cache-Control', 'no-store');
      if (queryType === 'multi' || answer.queryType !== 'regularQuery') return answer;
      return answer.results[0];
    } catch (error) {
      if (error instanceof CubeAccessError)
        return fail(reply, 403, ErrorCode.permissionDenied, error.message);
      if (error instanceof CubeQueryError)
        return fail(reply, 400, CubeApiErrorCode.invalidQuery, error.message);
      request.log.error({ err: error }, 'cube query failed');
      return fail(reply, 500, CubeApiErrorCode.serverError, 'Internal Server Error');
    }
  }

  r.get(
    `${STACK_API_PREFIX}${paths.cubeLoad}`,
    {
      schema: {
        tags,
        summary: 'Cube-compatible /load (Authorization: the data-provisioning token)',
        params,
        querystring: loadQuerystring,
      },
    },
    async (request, reply) => load(request, reply, request.query.query, request.query.queryType),
  );

  r.post(
    `${STACK_API_PREFIX}${paths.cubeLoad}`,
    {
      schema: {
        tags,
        summary:
          'Cube-compatible /load with the query in the body (Authorization: the data-provisioning token)',
        params,
        body: loadBody,
      },
    },
    async (request, reply) => load(request, reply, request.body?.query, request.body?.queryType),
  );

  r.get(
    `${STACK_API_PREFIX}${paths.cubeMeta}`,
    {
      schema: {
        tags,
        summary: 'Cube-compatible /meta: the cubes, measures and dimensions of the data model',
        params,
      },
    },
    async (request, reply) => {
      const caller = await authorise(deps, request, reply);
      if (caller === undefined) return reply;
      void reply.header('Cache-Control', 'no-store');
      return cube.meta(caller.roles);
    },
  );
}

/** Stack-scoped (inside the staff guard): `auth/community_signin/` issuing the data-provisioning token. */
export function registerCommunitySigninRoutes(scope: FastifyInstance, deps: CubeApiDeps): void {
  const r = scope.withTypeProvider<ZodTypeProvider>();
  r.post(
    paths.communitySignin,
    {
      config: areaAccess('analytics'),
      schema: {
        tags,
        security: [{ bearer: [] }],
        summary: 'Community user sign-in: the data-provisioning token (JWT, 1 hour) for the Cube API',
        response: { 200: communitySigninAnswerSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const staff = requireStaff(request);
      const { token, expiresIn } = await issueDataProvisioningToken(deps, {
        stackId: staff.stackId,
        userId: staff.userId,
        role: staff.role,
      });
      void reply.header('Cache-Control', 'no-store');
      return { data: { data: { data_provisioning_token: token, expires_in: expiresIn } } };
    },
  );
}
