import fs from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_PAGE_STATUS, type ErrorPageKind } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { ensureMemberClient } from '../member-auth/member-auth.repository.ts';
import {
  createErrorPagesService,
  errorDocument,
  errorPageLocale,
} from '../custom-pages/error-pages.service.ts';
import { bundleFile, type SiteBundle } from './site-assets.ts';
import type { SiteRenderer } from './site-renderer.ts';
import { memberApiReader } from './member-api-reader.ts';
import { siteAddress } from './site-address.ts';
import { pageLanguages } from './site-language.ts';

/** What the server answers itself under a community: the site never renders these paths. */
const SERVER_SEGMENT = /^\/(platform|api|cubejs-api|oauth|media|\.well-known)(\/|$)/;
/** A community open to members; any other status (stopped, frozen, restarting…) is closed. */
const RUNNING = new Set(['online', 'started']);
/** How long a closed community asks browsers to wait before asking again, in seconds. */
const RETRY_AFTER = '600';
/** Where the bundle's files are served, under the community's path. */
export const SITE_ASSETS_SEGMENT = '_site';

export interface CommunitySiteDeps extends PlatformDeps {
  render: SiteRenderer;
  /** The built browser bundle; undefined when the site is not built (pages still render). */
  bundle: SiteBundle | undefined;
}

interface SiteParams {
  slug: string;
  '*'?: string;
}

/** `/c/{slug}/{rest}`: an address of a community's member site (rest starts with '/'). */
const SITE_PATH = /^\/c\/([^/]+)(\/[^?]*)?(\?.*)?$/;

/** Whether the caller reads pages: browsers and crawlers (or no preference); API clients keep JSON refusals. */
function wantsPage(accept: string | undefined): boolean {
  return !accept || accept.includes('text/html') || accept.includes('*/*');
}

export function registerCommunitySiteRoutes(app: FastifyInstance, deps: CommunitySiteDeps): void {
  const errorPages = createErrorPagesService(deps);

  async function errorPage(
    request: FastifyRequest,
    reply: FastifyReply,
    stack: { id: number; name: string; slug: string },
    kind: ErrorPageKind,
  ) {
    const locale = errorPageLocale(pageLanguages(request));
    const { base } = siteAddress(request, deps.config.publicUrl, stack.slug);
    const body = await errorPages.bodyFor(stack.id, kind, locale);
    if (kind === 'service_unavailable') void reply.header('Retry-After', RETRY_AFTER);
    return reply
      .code(ERROR_PAGE_STATUS[kind])
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept-Language, Cookie')
      .send(errorDocument({ community: stack.name, body, locale, home: `${base}/` }));
  }

  async function page(request: FastifyRequest, reply: FastifyReply, slug: string, rest: string) {
    const stack = await findStackBySlug(deps.db, slug);
    if (!stack) return undefined;
    if (!RUNNING.has(stack.status)) return errorPage(request, reply, stack, 'service_unavailable');

    const { origin, base } = siteAddress(request, deps.config.publicUrl, slug);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const acceptLanguage = pageLanguages(request);
    const assetBase = `${base}/${SITE_ASSETS_SEGMENT}/`;
    const rendered = await deps.render({
      path: `${rest}${query}`,
      base,
      origin,
      acceptLanguage,
      communityName: stack.name,
      clientId: await ensureMemberClient(deps.db, stack.id),
      // The member API as any client reaches it: through its HTTP routes, as a visitor.
      fetch: memberApiReader(app, slug, acceptLanguage),
      assets: {
        scripts: (deps.bundle?.entry.scripts ?? []).map((file) => `${assetBase}${file}`),
        styles: (deps.bundle?.entry.styles ?? []).map((file) => `${assetBase}${file}`),
        modules: (source) => (deps.bundle?.modules[source] ?? []).map((file) => `${assetBase}${file}`),
      },
    });
    if (rendered.status === 404) return errorPage(request, reply, stack, 'page_not_found');
    return reply
      .code(rendered.status)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-cache')
      .header('Vary', 'Accept-Language, Cookie')
      .send(rendered.html);
  }

  app.get('/c/:slug', { schema: { hide: true } }, async (request, reply) => {
    const { slug } = request.params as SiteParams;
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    return reply.redirect(`/c/${encodeURIComponent(slug)}/${query}`, 308);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const match = SITE_PATH.exec(request.url);
    const rest = match?.[2] ?? '/';
    if (!match || SERVER_SEGMENT.test(rest) || !wantsPage(request.headers.accept)) return;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1] ?? '');
    } catch {
      return;
    }
    return page(request, reply, slug, rest);
  });

  app.get(`/c/:slug/${SITE_ASSETS_SEGMENT}/assets/*`, { schema: { hide: true } }, async (request, reply) => {
    const found = deps.bundle && bundleFile(deps.bundle, (request.params as SiteParams)['*'] ?? '');
    if (!found) throw AppError.notFound('No such file');
    // The build writes brotli and gzip copies beside each script: the one the browser takes is sent.
    const accepted = String(request.headers['accept-encoding'] ?? '');
    const encoding = (['br', 'gzip'] as const).find(
      (e) => accepted.includes(e) && fs.existsSync(`${found.file}.${e === 'br' ? 'br' : 'gz'}`),
    );
    const file = encoding ? `${found.file}.${encoding === 'br' ? 'br' : 'gz'}` : found.file;
    if (encoding) void reply.header('Content-Encoding', encoding);
    return reply
      .type(found.type)
      .header('Vary', 'Accept-Encoding')
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(fs.createReadStream(file));
  });
}
