import type { FastifyRequest } from 'fastify';
import { callerOrigin, servedHost } from '../../platform/http/served-address.ts';

/**
 * Where the visitor reached the site: the origin they used, and the community's path on it (`/c/{slug}`
 * on the deployment's address, '' on the community's own domain).
 */
export function siteAddress(
  request: FastifyRequest,
  publicUrl: string,
  slug: string,
): { origin: string; base: string } {
  return {
    origin: callerOrigin(request, publicUrl),
    base: servedHost(request)?.slug === slug ? '' : `/c/${slug}`,
  };
}
