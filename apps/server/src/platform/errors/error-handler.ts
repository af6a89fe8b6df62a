import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode } from '@agora/contract';
import { AppError, errorEntry, type AppErrorEntry } from './app-error.ts';
import type { RouteTable } from '../http/route-table.ts';

/** The hub's token endpoints (`/oauth/…`) and each community's members' ones (`/c/{slug}/oauth/…`). */
const OAUTH_PATH = /^\/(?:c\/[^/?#]+\/)?oauth\//;

function send(reply: FastifyReply, status: number, entries: AppErrorEntry[]) {
  const body: Record<string, unknown> = { errors: entries };
  // The OAuth endpoints also speak RFC 6749 §5.2: a request they cannot read is `invalid_request`.
  if (OAUTH_PATH.test(reply.request.url) && status < 500) {
    body.error = 'invalid_request';
    body.error_description = entries[0]?.message ?? 'The request is malformed.';
    void reply.header('Cache-Control', 'no-store');
  }
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

function valueAt(source: unknown, parts: string[]): unknown {
  let current = source;
  for (const part of parts) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[part];
  }
  return current;
}

/** Turns schema validation failures into field entries: a field absent from the request is `required`. */
function validationEntries(
  request: FastifyRequest,
  error: { validation: unknown[]; validationContext?: string },
): AppErrorEntry[] {
  const context = error.validationContext ?? 'body';
  const source =
    context === 'querystring' ? request.query : context === 'params' ? request.params : request.body;
  return error.validation.map((v) => {
    const item = v as { instancePath?: string; message?: string };
    const parts = (item.instancePath ?? '').split('/').filter(Boolean);
    const field = parts.join('.') || undefined;
    const value = valueAt(source, parts);
    const missing = field !== undefined && (value === undefined || value === null || value === '');
    const code = missing ? ErrorCode.required : ErrorCode.invalid;
    const message = missing ? 'This field is required.' : (item.message ?? 'Invalid value.');
    return errorEntry(code, message, field);
  });
}

/** Maps Fastify's own failures to a stable code and status; anything else is a 500 without details. */
function frameworkError(error: FastifyError): { status: number; entry: AppErrorEntry } | undefined {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
    case 'FST_REQ_FILE_TOO_LARGE':
      return { status: 413, entry: errorEntry(ErrorCode.payloadTooLarge, 'The request body is too large.') };
    case 'FST_ERR_BAD_URL':
      return { status: 400, entry: errorEntry(ErrorCode.invalid, 'This address is not valid.') };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return { status: 414, entry: errorEntry(ErrorCode.invalid, 'A part of this address is too long.') };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return {
        status: 415,
        entry: errorEntry(ErrorCode.unsupportedMediaType, 'This content type is not supported.'),
      };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return { status: 400, entry: errorEntry(ErrorCode.malformedBody, 'The request body is malformed.') };
    default:
      break;
  }
  if (error instanceof SyntaxError || (error.statusCode === 400 && /JSON/i.test(error.message))) {
    return { status: 400, entry: errorEntry(ErrorCode.malformedBody, 'The request body is malformed.') };
  }
  if (error.statusCode === 400 && error.code?.startsWith('FST_')) {
    return { status: 400, entry: errorEntry(ErrorCode.malformedBody, 'The request could not be read.') };
  }
  return undefined;
}

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or error handler runs (a bad
 * percent-encoding, an over-long path parameter) also answers in the envelope.
 */
export function answerRouterError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const known = frameworkError(error) ?? {
    status: 400,
    entry: errorEntry(ErrorCode.invalid, 'This address is not valid.'),
  };
  return send(reply, known.status, [known.entry]);
}

/** Every failure leaves in the error envelope with a stable code; no stack or SQL reaches the client. */
export function installErrorHandling(app: FastifyInstance, routes: RouteTable): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return send(reply, error.statusCode, error.entries);
    if (hasZodFastifySchemaValidationErrors(error))
      return send(reply, 400, validationEntries(request, error));
    const known = frameworkError(error);
    if (known) return send(reply, known.status, [known.entry]);
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, [errorEntry(ErrorCode.internalError, 'An unexpected error occurred.')]);
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = routes.methodsFor(request.url);
    if (allowed.length > 0) {
      void reply.header('Allow', allowed.join(', '));
      return send(reply, 405, [
        errorEntry(ErrorCode.methodNotAllowed, `Method "${request.method}" not allowed.`),
      ]);
    }
    return send(reply, 404, [errorEntry(ErrorCode.notFound, 'Not found.')]);
  });
}
