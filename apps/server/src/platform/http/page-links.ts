import type { FastifyRequest } from 'fastify';
import { callerOrigin, callerPath } from './served-address.ts';

/**
 * The list envelope's `next` and `previous` (SelfCommunity style): absolute addresses of the same
 * request with the offset moved by one page, at the address the caller used (a community's own
 * domain keeps its links); null at either end.
 */
export function pageLinks(
  request: FastifyRequest,
  publicUrl: string,
  count: number,
  limit: number,
  offset: number,
): { next: string | null; previous: string | null } {
  const origin = callerOrigin(request, publicUrl);
  const link = (to: number) => {
    const url = new URL(callerPath(request), origin);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('offset', String(to));
    return `${origin}${url.pathname}${url.search}`;
  };
  return {
    next: offset + limit < count ? link(offset + limit) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
  };
}

/** One page of a list as `{count, next, previous, results}` (the envelope every list answers). */
export function pageEnvelope<T>(
  request: FastifyRequest,
  publicUrl: string,
  page: { count: number; results: T[] },
  limit: number,
  offset: number,
): { count: number; next: string | null; previous: string | null; results: T[] } {
  return {
    count: page.count,
    ...pageLinks(request, publicUrl, page.count, limit, offset),
    results: page.results,
  };
}
