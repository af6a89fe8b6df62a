import type { FastifyInstance } from 'fastify';
import { ErrorCode } from '@agora/contract';
import { AppError } from '../errors/app-error.ts';

const NUL = '\u0000';

/**
 * The dotted path of the first string (value or key) holding U+0000, or undefined. Walks iteratively so
 * a deeply nested body cannot overflow the stack; Buffers (uploaded files) are bytes, not text.
 */
export function firstNulPath(input: unknown): string | undefined {
  const pending: [unknown, string][] = [[input, '']];
  while (pending.length > 0) {
    const [value, path] = pending.pop() as [unknown, string];
    if (typeof value === 'string') {
      if (value.includes(NUL)) return path;
      continue;
    }
    if (value === null || typeof value !== 'object' || Buffer.isBuffer(value)) continue;
    for (const [key, child] of Object.entries(value)) {
      const childPath = path ? `${path}.${key}` : key;
      if (key.includes(NUL)) return childPath;
      pending.push([child, childPath]);
    }
  }
  return undefined;
}

/** Refuses (400 `invalid`) an input holding U+0000 anywhere. */
export function refuseNul(input: unknown): void {
  const path = firstNulPath(input);
  if (path === undefined) return;
  throw AppError.of(400, ErrorCode.invalid, 'Text cannot contain the NUL character.', path || undefined);
}

/**
 * No string input may hold U+0000 (PostgreSQL text cannot store it): path parameters and the query are
 * checked as the request arrives, before any guard looks a community or a token up; the body (JSON,
 * form or multipart fields) before validation. Refused with 400 `invalid` in the envelope.
 */
export function installNulGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    refuseNul(request.params);
    refuseNul(request.query);
  });
  app.addHook('preValidation', async (request) => {
    refuseNul(request.body);
  });
}
