import type { FastifyInstance } from 'fastify';
import { ERROR_PAGE_STATUS, type ErrorPageKind } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { findStackBySlug } from '../stacks/stack-row.repository.ts';
import { createErrorPagesService, errorDocument, errorPageLocale } from './error-pages.service.ts';

/** `/c/{slug}/{rest}`: an address of a community's member site. */
const MEMBER_SITE = /^\/c\/([^/]+)\/(.+)$/;
/** What the server answers itself under a community: its APIs keep the JSON error envelope. */
const API_SEGMENT = /^(platform|api|cubejs-api|oauth)(\/|$)/;
/** A community open to members; any other status (stopped, freezed, in progress, error) is closed. */
const RUNNING = new Set(['online', 'started']);
/** How long a closed community asks browsers to wait before asking again, in seconds. */
const RETRY_AFTER = '600';

/**
 * A community's member site `/c/{slug}/…` (ADR 0020): a browser (Accept: text/html) asking an address
 * the server does not have gets the community's "page not found" page with 404 — or, while the
 * community is closed, its "service unavailable" page with 503. The landing `/c/{slug}/` and every API
 * path keep their own answers; other callers get the JSON error envelope.
 */
export function registerMemberSiteRoutes(app: FastifyInstance, deps: PlatformDeps): void {
  const errorPages = createErrorPagesService(deps);

  // A hook, not a catch-all route: an address no route has stays unknown to the route table, so the
  // not-found handler still tells an unknown method (405) from an unknown path (404).
  app.addHook('onRequest', async (request, reply) => {
    if (!request.is404 || (request.method !== 'GET' && request.method !== 'HEAD')) return;
    const match = MEMBER_SITE.exec(request.url.split('?')[0] ?? '');
    if (!match || API_SEGMENT.test(match[2] ?? '')) return;
    if (!(request.headers.accept ?? '').includes('text/html')) return;
    let slug: string;
    try {
      slug = decodeURIComponent(match[1] ?? '');
    } catch {
      return;
    }
    const stack = await findStackBySlug(deps.db, slug);
    if (!stack) return;
    const kind: ErrorPageKind = RUNNING.has(stack.status) ? 'page_not_found' : 'service_unavailable';
    const locale = errorPageLocale(request.headers['accept-language']);
    const body = await errorPages.bodyFor(stack.id, kind, locale);
    if (kind === 'service_unavailable') void reply.header('Retry-After', RETRY_AFTER);
    return reply
      .code(ERROR_PAGE_STATUS[kind])
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .header('Vary', 'Accept, Accept-Language')
      .send(errorDocument({ community: stack.name, body, locale }));
  });
}
