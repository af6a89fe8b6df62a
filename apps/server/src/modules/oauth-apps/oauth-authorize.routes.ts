import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorCode, oauthAppPaths } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import { STACK_API_PREFIX } from '../../platform/stack-scope/stack-scope.ts';
import { callerCommunityPath, communityAddress, servedHost } from '../../platform/http/served-address.ts';
import type { MemberAuthService } from '../member-auth/member-auth.service.ts';
import type {
  AuthorizationCheck,
  AuthorizationParams,
  IssuingCommunity,
  OAuthFlowService,
} from './oauth-flow.service.ts';
import {
  authorizeCsp,
  authorizeLocale,
  renderAuthorizeError,
  renderConsentPage,
  type AuthorizePageError,
  type AuthorizeProblem,
} from './oauth-authorize.page.ts';

const tags = ['oauth-apps'];
const CSRF_COOKIE = 'agora_oauth_csrf';
const CSRF_VALUE = /^[A-Za-z0-9_-]{43}$/;

const text = z.string().max(2000).optional();
const paramsSchema = z.object({
  response_type: text,
  client_id: text,
  redirect_uri: text,
  state: text,
  scope: text,
  code_challenge: text,
  code_challenge_method: text,
});
const PARAM_NAMES = Object.keys(paramsSchema.shape) as (keyof AuthorizationParams)[];
const formSchema = paramsSchema.extend({
  csrf: text,
  username: z.string().max(254).optional(),
  password: z.string().max(1024).optional(),
  decision: z.string().max(20).optional(),
});

/** A browser asks for HTML; any other caller (an API client, a test tool) gets JSON refusals. */
const wantsHtml = (request: FastifyRequest) => /text\/html/i.test(request.headers.accept ?? '');

const API_REFUSAL: Record<AuthorizePageError, string> = {
  unknown_client: 'This application is not registered in this community.',
  redirect_uri: 'redirect_uri is not registered for this application.',
  csrf: 'The form did not come from this page (CSRF check failed).',
};

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

function sameValue(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * `/c/{slug}/oauth/authorize/` (the authorization endpoint: a member signs in and allows an app) and
 * `/.well-known/oauth-authorization-server/c/{slug}` (RFC 8414 metadata of the issuer
 * `{publicUrl}/c/{slug}`).
 */
export function registerOAuthAuthorizeRoutes(
  app: FastifyInstance,
  deps: { flow: OAuthFlowService; memberAuth: MemberAuthService; publicUrl: string },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The cookie is Secure where the page is served over HTTPS: PUBLIC_URL's scheme, or the request's on
  // a community's own domain (behind a proxy, AGORA_TRUST_PROXY lets it say so).
  const secure = (request: FastifyRequest) =>
    servedHost(request) ? request.protocol === 'https' : deps.publicUrl.startsWith('https:');
  const path = `${STACK_API_PREFIX}${oauthAppPaths.authorize}`;

  /** The community of the path, with the issuer its caller reached it at (its own domain or PUBLIC_URL). */
  const community = async (request: FastifyRequest, slug: string): Promise<IssuingCommunity> => {
    const found = await deps.memberAuth.communityBySlug(slug);
    if (!found) throw AppError.notFound('This community is not found');
    return { ...found, issuer: communityAddress(request, deps.publicUrl, found.slug) };
  };

  function html(reply: FastifyReply, status: number, body: string, nonce: string, redirectOrigin?: string) {
    return reply
      .code(status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Language')
      .header('X-Frame-Options', 'DENY')
      .header('Content-Security-Policy', authorizeCsp(nonce, redirectOrigin))
      .send(body);
  }

  function pageError(request: FastifyRequest, reply: FastifyReply, error: AuthorizePageError, status = 400) {
    if (!wantsHtml(request)) throw AppError.of(status, ErrorCode.invalid, API_REFUSAL[error]);
    const nonce = randomBytes(16).toString('base64');
    const locale = authorizeLocale(request.headers['accept-language']);
    return html(reply, status, renderAuthorizeError(error, locale, nonce), nonce);
  }

  function consent(
    request: FastifyRequest,
    reply: FastifyReply,
    where: IssuingCommunity,
    check: Extract<AuthorizationCheck, { ok: true }>,
    params: AuthorizationParams,
    csrf: string,
    extra: { status?: number; problem?: AuthorizeProblem; username?: string; error?: AppError } = {},
  ) {
    // A caller that is no browser gets the refusal in the envelope (the page is for people).
    if (extra.error && !wantsHtml(request)) throw extra.error;
    if (extra.problem && !wantsHtml(request)) {
      throw AppError.of(extra.status ?? 400, ErrorCode.required, 'username and password are required.');
    }
    const nonce = randomBytes(16).toString('base64');
    const locale = authorizeLocale(request.headers['accept-language']);
    const redirect = new URL(check.redirectUri);
    const sent = Object.fromEntries(
      PARAM_NAMES.flatMap((name) => (params[name] === undefined ? [] : [[name, params[name] as string]])),
    );
    const page = renderConsentPage(
      {
        community: where.name,
        app: { name: check.app.name, description: check.app.description, image: check.app.image },
        params: sent,
        returnHost: redirect.host || redirect.protocol,
        csrf,
        username: extra.username,
        problem: extra.problem,
      },
      locale,
      nonce,
    );
    const origin = redirect.protocol.startsWith('http') ? redirect.origin : redirect.protocol;
    return html(reply, extra.status ?? 200, page, nonce, origin);
  }

  r.get(
    path,
    {
      schema: {
        tags,
        summary:
          "Authorization endpoint of the community's OAuth apps (RFC 6749 §4.1, PKCE S256 only): the member's sign-in and consent page",
        params: z.object({ slug: z.string() }),
        querystring: paramsSchema,
      },
    },
    async (request, reply) => {
      const where = await community(request, request.params.slug);
      const check = await deps.flow.checkAuthorization(where, request.query);
      if (!check.ok) {
        if ('page' in check) return pageError(request, reply, check.page);
        return reply.header('Cache-Control', 'no-store').redirect(check.redirect, 303);
      }
      const existing = cookieValue(request, CSRF_COOKIE);
      const csrf = existing && CSRF_VALUE.test(existing) ? existing : randomBytes(32).toString('base64url');
      void reply.header(
        'Set-Cookie',
        `${CSRF_COOKIE}=${csrf}; Path=${callerCommunityPath(request, where.slug, path.replace(':slug', where.slug))}; HttpOnly; SameSite=Strict${secure(request) ? '; Secure' : ''}`,
      );
      return consent(request, reply, where, check, request.query, csrf);
    },
  );

  r.post(
    path,
    {
      schema: {
        tags,
        summary:
          'The sign-in and consent form: the member signs in and allows (a one-time code back to the app) or denies',
        params: z.object({ slug: z.string() }),
        body: formSchema,
      },
    },
    async (request, reply) => {
      const where = await community(request, request.params.slug);
      const body = request.body;
      const params: AuthorizationParams = Object.fromEntries(PARAM_NAMES.map((name) => [name, body[name]]));
      const check = await deps.flow.checkAuthorization(where, params);
      if (!check.ok) {
        if ('page' in check) return pageError(request, reply, check.page);
        return reply.header('Cache-Control', 'no-store').redirect(check.redirect, 303);
      }
      // Double submit: the cookie set with the page (SameSite=Strict) and the form's field agree.
      const cookie = cookieValue(request, CSRF_COOKIE);
      if (!cookie || !body.csrf || !CSRF_VALUE.test(cookie) || !sameValue(cookie, body.csrf)) {
        return pageError(request, reply, 'csrf', 403);
      }
      if (body.decision !== 'allow') {
        return reply.header('Cache-Control', 'no-store').redirect(deps.flow.denied(where, check), 303);
      }
      const username = (body.username ?? '').trim();
      if (!username || !body.password) {
        return consent(request, reply, where, check, params, cookie, {
          status: 400,
          problem: 'required',
          username,
        });
      }
      let userId: number;
      try {
        userId = await deps.memberAuth.checkCredentials(where, username, body.password, request.ip);
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
        const throttled = error.statusCode === 429;
        const wrong = error.entries[0]?.code === ErrorCode.invalidCredentials;
        if (throttled) {
          const wait = (error as { retryAfter?: number }).retryAfter;
          if (wait) void reply.header('Retry-After', String(wait));
        }
        return consent(request, reply, where, check, params, cookie, {
          status: error.statusCode,
          problem: throttled ? 'throttled' : wrong ? 'wrongCredentials' : 'refused',
          username,
          error,
        });
      }
      const back = await deps.flow.grantCode(where, check, userId);
      return reply.header('Cache-Control', 'no-store').redirect(back, 303);
    },
  );

  r.get(
    oauthAppPaths.metadata,
    {
      schema: {
        tags,
        summary:
          'RFC 8414 authorization server metadata of a community (issuer {publicUrl}/c/{slug}, or its own domain there)',
        params: z.object({ slug: z.string() }),
      },
    },
    async (request, reply) => {
      const where = await community(request, request.params.slug);
      return reply
        .header('Cache-Control', 'public, max-age=300')
        .header('Access-Control-Allow-Origin', '*')
        .send(deps.flow.metadata(where));
    },
  );
}
