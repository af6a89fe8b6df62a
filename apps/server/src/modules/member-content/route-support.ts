import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AREA_ROLES, FEED_OBJECT_TYPES, rowIdSchema } from '@agora/contract';

export const tags = ['member-content'];
export const security = [{ bearer: [] }];
/** The member API's staff who moderate contents: the moderation area's roles (spec mgmt §6). */
export const STAFF = AREA_ROLES.moderation;
export { FEED_OBJECT_TYPES };

export const idParams = z.object({ slug: z.string(), id: rowIdSchema });
export const slugParams = z.object({ slug: z.string() });
export const noContent = z.null().describe('No content');

/**
 * A JSON body sent with a GET (the SDK sends moderation filters that way). Fastify does not parse
 * bodies of GETs, so this reads the raw request, leniently: anything unreadable is no body.
 */
export async function getBody(request: FastifyRequest): Promise<Record<string, unknown>> {
  const length = Number(request.headers['content-length'] ?? 0);
  if (!length || length > 4096 || request.raw.readableEnded) return {};
  const chunks: Buffer[] = [];
  for await (const chunk of request.raw) chunks.push(chunk as Buffer);
  try {
    const value: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
}
