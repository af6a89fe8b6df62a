import http from 'node:http';
import https from 'node:https';
import type { HostLookup, OutboundAllowance } from '../../platform/net/outbound-host.ts';
import { checkTarget, OutboundRefusedError, parseTarget } from './webhook-target.ts';

/** A receiver has this long to answer (Standard Webhooks: "between 15 and 30 s"). */
export const WEBHOOK_TIMEOUT_MS = 15_000;
/** At most this much of a receiver's answer is read and kept. */
const RESPONSE_KEEP_BYTES = 10_000;

export interface WebhookRequest {
  target: string;
  body: string;
  headers: Record<string, string>;
  verifySsl: boolean;
}

export interface WebhookResponse {
  /** The HTTP status, or null when none came (refused, network error, timeout). */
  status: number | null;
  /** The answer's start, or what went wrong. */
  body: string;
  /** A 429's or 503's `Retry-After`, in seconds from now (RFC 9110 §10.2.3), when it gave one. */
  retryAfterSeconds?: number;
}

/** The longest wait a receiver's `Retry-After` may ask for: beyond it, the schedule's own delay applies. */
const RETRY_AFTER_MAX_SECONDS = 86_400;

/**
 * A `Retry-After` value in whole seconds from `now`: delay-seconds or an HTTP-date; undefined when
 * absent, unreadable, in the past or beyond a day.
 */
export function retryAfterSeconds(value: string | string[] | undefined, now: Date): number | undefined {
  const text = (Array.isArray(value) ? value[0] : value)?.trim();
  if (!text) return undefined;
  const seconds = /^\d+$/.test(text) ? Number(text) : Math.ceil((Date.parse(text) - now.getTime()) / 1000);
  return Number.isFinite(seconds) && seconds > 0 && seconds <= RETRY_AFTER_MAX_SECONDS ? seconds : undefined;
}

export interface SenderOptions {
  allowance: OutboundAllowance;
  lookup?: HostLookup;
  timeoutMs?: number;
}

const agents = {
  http: new http.Agent({ keepAlive: true, maxSockets: 64 }),
  https: new https.Agent({ keepAlive: true, maxSockets: 64 }),
  httpsUnverified: new https.Agent({ keepAlive: true, maxSockets: 64, rejectUnauthorized: false }),
};

/**
 * POSTs one webhook. The target's host is resolved and checked here, at connect time, and the
 * connection goes to that checked address (the name kept for the Host header, SNI and the
 * certificate). Redirects are not followed: a 3xx is an answer like any other.
 */
export async function sendWebhook(request: WebhookRequest, options: SenderOptions): Promise<WebhookResponse> {
  const url = parseTarget(request.target);
  if (!url) return { status: null, body: 'Invalid target URL.' };
  let address: string;
  let servername: string | undefined;
  try {
    ({ address, servername } = await checkTarget(url, options.allowance, options.lookup));
  } catch (error) {
    if (error instanceof OutboundRefusedError) return { status: null, body: error.message };
    throw error;
  }
  const secure = url.protocol === 'https:';
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise<WebhookResponse>((resolve) => {
    let settled = false;
    const done = (answer: WebhookResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const requestOptions: https.RequestOptions = {
      host: address,
      family: address.includes(':') ? 6 : 4,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: 'POST',
      headers: {
        ...request.headers,
        host: url.host,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(request.body),
        'user-agent': 'Agora-Webhooks/1.0',
      },
      agent: secure ? (request.verifySsl ? agents.https : agents.httpsUnverified) : agents.http,
      ...(secure && servername ? { servername } : {}),
    };
    const req = (secure ? https : http).request(requestOptions, (res) => {
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        if (size < RESPONSE_KEEP_BYTES) chunks.push(chunk);
        size += chunk.length;
      });
      res.on('end', () => {
        const wait =
          res.statusCode === 429 || res.statusCode === 503
            ? retryAfterSeconds(res.headers['retry-after'], new Date())
            : undefined;
        done({
          status: res.statusCode ?? null,
          body: Buffer.concat(chunks).toString('utf8').slice(0, RESPONSE_KEEP_BYTES),
          ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
        });
      });
      res.on('error', (error) => done({ status: res.statusCode ?? null, body: error.message }));
    });
    const timer = setTimeout(() => {
      req.destroy(new Error(`No answer within ${timeoutMs / 1000} s.`));
    }, timeoutMs);
    req.on('error', (error) => done({ status: null, body: error.message || error.name }));
    req.end(request.body);
  });
}
