import type { FastifyRequest } from 'fastify';
import type { MemberListQuery } from '@agora/contract';
import { pageEnvelope } from '../http/page-links.ts';

/**
 * One page of a member-API list in SelfCommunity's envelope. `fetch` gets the effective limit and
 * offset; `defaultLimit` applies when the caller sent no limit (use Infinity for lists the SDK reads
 * whole: features, preferences, categories).
 */
export async function memberPage<T>(
  request: FastifyRequest,
  publicUrl: string,
  query: MemberListQuery,
  fetch: (limit: number | undefined, offset: number) => Promise<{ count: number; results: T[] }>,
  defaultLimit = 20,
): Promise<{ count: number; next: string | null; previous: string | null; results: T[] }> {
  const limit = query.limit ?? (Number.isFinite(defaultLimit) ? defaultLimit : undefined);
  const page = await fetch(limit, query.offset);
  if (limit === undefined) return { count: page.count, next: null, previous: null, results: page.results };
  return pageEnvelope(request, publicUrl, page, limit, query.offset);
}
