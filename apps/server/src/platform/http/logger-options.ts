import type { FastifyServerOptions } from 'fastify';

/**
 * Structured JSON logs. Requests are logged by method, url and ids only; credentials that could
 * travel in headers or bodies are redacted wherever they appear.
 */
export function loggerOptions(level: string): Exclude<FastifyServerOptions['logger'], boolean | undefined> {
  return {
    level,
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        '*.password',
        '*.access_token',
        '*.refresh_token',
        '*.token',
        '*.client_secret',
        '*.ticket',
        '*.challenge',
        '*.recovery_codes',
        '*.secret',
        '*.jwt_secret_key',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req: (req: { method: string; url: string; id: string; ip?: string }) => ({
        method: req.method,
        // Query strings may carry a ticket or token: log the path only.
        url: req.url.split('?')[0],
        id: req.id,
        ip: req.ip,
      }),
    },
  };
}
