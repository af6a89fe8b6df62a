import http from 'node:http';
import type { Socket } from 'node:net';
import { ErrorCode } from '@agora/contract';
import { errorEntry, type AppErrorEntry } from './app-error.ts';

function refusal(code: string | undefined): { status: number; entry: AppErrorEntry } {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return {
      status: 408,
      entry: errorEntry(ErrorCode.requestTimeout, 'The request took too long to arrive.'),
    };
  }
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, entry: errorEntry(ErrorCode.invalid, 'The request headers are too large.') };
  }
  return { status: 400, entry: errorEntry(ErrorCode.malformedBody, 'The request could not be read.') };
}

/**
 * Fastify's `clientErrorHandler`: a request Node's HTTP parser cannot read (a broken header line, headers
 * over the size limit, a timeout) never reaches the router, yet its answer is in the envelope too.
 * The connection is closed afterwards, as Node does.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, entry } = refusal(error.code);
  const body = JSON.stringify({ errors: [entry] });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? 'Bad Request'}\r\n` +
        'Connection: close\r\nContent-Type: application/json; charset=utf-8\r\n' +
        `X-Content-Type-Options: nosniff\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
