import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { ErrorCode } from '@agora/contract';
import { errorEntry } from '../errors/app-error.ts';
import { API_PATH } from '../static/console-static.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'exempt': never queued nor refused by the admission limit (health checks). */
    admission?: 'exempt';
  }
}

export interface AdmissionLimits {
  /** Requests handled at once. */
  maxInFlight: number;
  /** Requests waiting for a slot beyond those; more are refused at once. */
  maxQueued: number;
  /** The longest wait for a slot before the request is refused. */
  maxQueueWaitMs: number;
}

export const SERVER_BUSY_CODE = ErrorCode.serverBusy;
const BUSY_MESSAGE = 'The server is busy. Try again in a moment.';

/**
 * Never queued: routes declaring `admission: 'exempt'` (health checks), the API docs, and the console's
 * pages and static files (GET/HEAD outside the APIs and outside any community's `/c/{slug}/`).
 */
function exempt(request: FastifyRequest): boolean {
  if (request.routeOptions.config.admission === 'exempt') return true;
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/docs' || path.startsWith('/docs/')) return true;
  return (
    (request.method === 'GET' || request.method === 'HEAD') && !API_PATH.test(path) && !path.startsWith('/c/')
  );
}

function refuse(reply: FastifyReply, retryAfterSeconds: number) {
  return reply
    .code(503)
    .header('Retry-After', String(retryAfterSeconds))
    .header('Cache-Control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ errors: [errorEntry(SERVER_BUSY_CODE, BUSY_MESSAGE)] });
}

/**
 * An in-process admission limit: at most `maxInFlight` requests are handled at once and `maxQueued`
 * wait for a slot (first come, first served) for at most `maxQueueWaitMs`; anything beyond is answered
 * 503 with Retry-After at once, in the error envelope. Under a flood callers get a quick, retryable
 * answer instead of a timeout, and the database (one connection on the embedded one) sees a bounded
 * load. Per process: each server process has its own limit.
 */
export function installLoadShedding(app: FastifyInstance, limits: AdmissionLimits): void {
  let inFlight = 0;
  const queue: Array<() => void> = [];
  const retryAfter = Math.max(1, Math.ceil(limits.maxQueueWaitMs / 1000));
  const held = new WeakSet<FastifyRequest>();

  const release = (request: FastifyRequest) => {
    if (!held.has(request)) return;
    held.delete(request);
    const next = queue.shift();
    if (next)
      next(); // the slot passes straight to the oldest waiting request
    else inFlight -= 1;
  };

  const hold = (request: FastifyRequest, reply: FastifyReply) => {
    held.add(request);
    // Whichever comes first frees the slot: the response sent, or the connection gone.
    reply.raw.once('close', () => release(request));
  };

  app.addHook('onRequest', async (request, reply) => {
    if (exempt(request)) return;
    if (inFlight < limits.maxInFlight) {
      inFlight += 1;
      hold(request, reply);
      return;
    }
    if (queue.length >= limits.maxQueued) return refuse(reply, retryAfter);
    const admitted = await new Promise<boolean>((resolve) => {
      const grant = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        const at = queue.indexOf(grant);
        if (at >= 0) queue.splice(at, 1);
        resolve(false);
      }, limits.maxQueueWaitMs);
      queue.push(grant);
    });
    if (!admitted) return refuse(reply, retryAfter);
    hold(request, reply);
    // The caller left while waiting: pass the slot on rather than work for nobody.
    if (request.raw.destroyed || reply.raw.destroyed) {
      release(request);
      return refuse(reply, retryAfter);
    }
  });
  app.addHook('onResponse', async (request) => release(request));
  app.addHook('onRequestAbort', async (request) => release(request));
}
