import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config/config.ts';

const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/**
 * The console's Content-Security-Policy: our own origin, plus the tag manager's loader, since the
 * deployment or a community may configure a container. No inline script is allowed, so a container's
 * custom-HTML tags cannot run code in the console: only page-view events reach the tag manager.
 */
export function consoleCsp(config: Pick<Config, 'frameAncestors' | 'corsOrigins'>): string {
  const scripts = ["'self'", TAG_MANAGER_ORIGIN];
  const connect = ["'self'", ...config.corsOrigins, TAG_MANAGER_ORIGIN];
  return [
    "default-src 'self'",
    `script-src ${scripts.join(' ')}`,
    // MUI (emotion) injects style elements at run time.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob: https:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    `frame-ancestors ${config.frameAncestors.join(' ')}`,
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join('; ');
}

// Swagger UI ships inline bootstrapping; its pages get a policy of their own.
const DOCS_CSP =
  "default-src 'self'; script-src 'self' 'unsafe-inline'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; frame-ancestors 'none'";

/** Sets the headers every answer carries: CSP, nosniff, referrer policy, request id. */
export function securityHeaders(config: Config): (request: FastifyRequest, reply: FastifyReply) => void {
  const csp = consoleCsp(config);
  return (request, reply) => {
    void reply.header('X-Request-Id', request.id);
    void reply.header('X-Content-Type-Options', 'nosniff');
    void reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    void reply.header('Cross-Origin-Opener-Policy', 'same-origin');
    // A page that states its own policy keeps it (the OAuth sign-in page: no frames, its own form target).
    if (reply.hasHeader('Content-Security-Policy')) return;
    void reply.header('Content-Security-Policy', request.url.startsWith('/docs') ? DOCS_CSP : csp);
  };
}

/** Headers on every answer that goes through the hooks (the router's own refusals set them themselves). */
export function installSecurityHeaders(app: FastifyInstance, config: Config): void {
  const apply = securityHeaders(config);
  app.addHook('onSend', async (request, reply, payload) => {
    apply(request, reply);
    return payload;
  });
}
