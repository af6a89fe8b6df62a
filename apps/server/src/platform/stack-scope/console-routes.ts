import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { rowIdSchema } from '@agora/contract';
import { errorResponses } from '../openapi/error-responses.ts';
import { requireStaff, stackGuard, type StackScopeDeps } from './stack-scope.ts';

/**
 * What every console route file of a community area starts from (registered inside the community
 * guard): the OpenAPI tag and bearer security, the `{slug, id}` params (the guard reads the slug after
 * validation, so params schemas keep it), the usual error answers, and the caller's community.
 */
export function consoleRouteKit(tag: string) {
  return {
    tags: [tag],
    security: [{ bearer: [] }],
    idParams: z.object({ slug: z.string(), id: rowIdSchema }),
    errors: errorResponses(400, 401, 403, 404),
    stackOf: (request: FastifyRequest) => requireStaff(request).stackId,
  };
}

/**
 * A multipart upload route's options: the area's access with the file size limit, and the community
 * guard run again before the body is read, so that only the area's staff make the server buffer an
 * upload. Its error answers add 413 (too large).
 */
export function uploadRouteOptions<A extends object>(
  access: A,
  stackScope: StackScopeDeps,
  maxBytes: number,
) {
  return {
    config: { ...access, multipartOptions: { limits: { fileSize: maxBytes } } },
    onRequest: stackGuard(stackScope),
  };
}

export const uploadErrors = errorResponses(400, 401, 403, 404, 413);
