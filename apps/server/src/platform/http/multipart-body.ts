import multipart from '@fastify/multipart';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorCode } from '@agora/contract';
import { AppError } from '../errors/app-error.ts';
import { refuseNul } from './nul-guard.ts';

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
}

/** One field as @fastify/multipart keeps it: a text value, or a file read into `_buf`. */
interface StoredPart {
  value?: unknown;
  _buf?: Buffer | null;
}

/** A form that cannot be read is the caller's fault: 400 (413 for a file over the size limit). */
function unreadable(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as Partial<FastifyError> | undefined)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return AppError.of(413, ErrorCode.payloadTooLarge, 'The request body is too large.');
  }
  if (code === 'FST_FIELDS_LIMIT' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
    return AppError.of(400, ErrorCode.malformedBody, 'The form has too many parts.');
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return AppError.of(415, ErrorCode.unsupportedMediaType, 'This content type is not supported.');
  }
  return AppError.of(400, ErrorCode.malformedBody, 'The request body is malformed.');
}

/** The form as `{field: text | Buffer | list}`, like @fastify/multipart's `attachFieldsToBody: 'keyValues'`. */
function keyValues(fields: Record<string, StoredPart | StoredPart[] | undefined>): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    if (field === undefined) continue;
    const items = (Array.isArray(field) ? field : [field])
      .map((item) => (item.value !== undefined ? item.value : item._buf))
      .filter((value) => value !== undefined && value !== null);
    if (items.length === 0) continue;
    body[key] = Array.isArray(field) ? items : items[0];
  }
  return body;
}

async function readForm(request: FastifyRequest): Promise<Record<string, unknown>> {
  let fields: Record<string, StoredPart | StoredPart[] | undefined> = {};
  try {
    for await (const part of request.parts(request.routeOptions.config.multipartOptions)) {
      fields = part.fields as typeof fields;
      if (part.type === 'file') await part.toBuffer();
    }
  } catch (error) {
    throw unreadable(error);
  }
  return keyValues(fields);
}

/** Requests of a guarded scope: their form waits for the scope's guard. */
const afterGuard = new WeakSet<FastifyRequest>();

/**
 * Multipart bodies are read into `request.body` before validation (files as Buffers, up to the
 * route's `multipartOptions` limits). Whatever makes a form unreadable (no boundary, a broken part,
 * too many fields) is refused with 400 in the envelope, never a 500. Inside a community's scopes the
 * form is read only once the scope's guard has let the caller in (`readFormsAfterGuard`).
 */
export async function registerMultipartBody(app: FastifyInstance, limits: MultipartLimits): Promise<void> {
  await app.register(multipart, { limits });
  app.addHook('preValidation', async (request) => {
    if (!afterGuard.has(request) && request.isMultipart()) request.body = await readForm(request);
  });
}

/**
 * For a scope whose guard is a `preValidation` hook added just before this: its requests' forms are
 * read after the guard, so a caller it refuses (anonymous, a member, another community's staff) is
 * answered without the server first taking in megabytes of their upload. The form's text is checked
 * for NUL here, as the root's guard checks every other body (it ran before the form was read).
 */
export function readFormsAfterGuard(scope: FastifyInstance): void {
  scope.addHook('onRequest', async (request) => {
    afterGuard.add(request);
  });
  scope.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    request.body = await readForm(request);
    refuseNul(request.body);
  });
}
