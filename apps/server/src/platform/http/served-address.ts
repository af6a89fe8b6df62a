import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';

/**
 * Where the caller reached a community (ADR 0029): on the deployment's own address it is
 * `{PUBLIC_URL}/c/{slug}`; on the community's own domain it is that domain, with paths that carry no
 * `/c/{slug}`. Host routing rewrites such a request's URL before the router, and marks it here with
 * the host and the path the caller used, so the addresses the server writes back (page links, the
 * OAuth issuer and its endpoints, a cookie's path) are the ones the caller can follow.
 */

const SERVED = Symbol('agoraServedHost');

export interface ServedHost {
  /** The host as the caller named it: the community's domain, with a numeric port if one was given. */
  host: string;
  /** The community the domain belongs to. */
  slug: string;
  /** The path and query the caller sent, before the rewrite. */
  path: string;
}

type MarkedRequest = IncomingMessage & { [SERVED]?: ServedHost };

/** Marks a request host routing sent to a community (the host name is the one the database matched). */
export function markServedHost(req: IncomingMessage, hostName: string, slug: string, path: string): void {
  // Only a numeric port is kept: the rest of the header is the caller's and is never written back.
  const port = /:(\d{1,5})$/.exec(req.headers.host ?? '')?.[1];
  (req as MarkedRequest)[SERVED] = { host: port ? `${hostName}:${port}` : hostName, slug, path };
}

/** The custom domain this request came through, if it did. */
export function servedHost(request: FastifyRequest): ServedHost | undefined {
  return (request.raw as MarkedRequest)[SERVED];
}

/** The origin the caller used: the community's domain (with the request's scheme), else PUBLIC_URL. */
export function callerOrigin(request: FastifyRequest, publicUrl: string): string {
  const served = servedHost(request);
  return served ? `${request.protocol}://${served.host}` : publicUrl;
}

/** The path (and query) the caller sent: without `/c/{slug}` on the community's own domain. */
export function callerPath(request: FastifyRequest): string {
  return servedHost(request)?.path ?? request.url;
}

/**
 * A community's base address as this caller reaches it: `https://forum.example.org` on its own
 * domain, `{PUBLIC_URL}/c/{slug}` otherwise. Member-API and OAuth paths are appended to it.
 */
export function communityAddress(request: FastifyRequest, publicUrl: string, slug: string): string {
  const served = servedHost(request);
  return served?.slug === slug ? `${request.protocol}://${served.host}` : `${publicUrl}/c/${slug}`;
}

/** A path of the community's own (`/c/{slug}/…`) as the caller reaches it: without the prefix on its domain. */
export function callerCommunityPath(request: FastifyRequest, slug: string, path: string): string {
  const prefix = `/c/${slug}`;
  return servedHost(request)?.slug === slug && path.startsWith(`${prefix}/`)
    ? path.slice(prefix.length)
    : path;
}
