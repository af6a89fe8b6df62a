import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config/config.ts';

/**
 * Paths the server answers itself, never with the console page: the APIs, everything under a
 * community's own address `/c/{slug}` (its public landing, APIs and member site, ADR 0020), and the
 * well-known metadata (RFC 8414: `/.well-known/oauth-authorization-server/c/{slug}`).
 */
export const API_PATH = /^\/(platform|oauth|docs|api|c|\.well-known|healthz|readyz)(\/|$)/;

function escapeAttr(value: string): string {
  return value.replace(/[&"<>]/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Adds run-time settings to the console page as meta tags (no inline script, so CSP stays strict). */
export function withRuntimeMeta(
  html: string,
  config: Pick<Config, 'tagManagerId' | 'frameAncestors' | 'publicUrl'>,
): string {
  const metas = [
    // Links the server builds (emails, OAuth redirects) use it; the console warns when opened elsewhere.
    `<meta name="agora-public-url" content="${escapeAttr(config.publicUrl)}">`,
    `<meta name="agora-gtm-id" content="${escapeAttr(config.tagManagerId ?? '')}">`,
    `<meta name="agora-frame-ancestors" content="${escapeAttr(config.frameAncestors.filter((a) => a.startsWith('http')).join(' '))}">`,
  ].join('');
  return html.replace('</head>', `${metas}</head>`);
}

/**
 * Serves the built console: hashed assets with long caching, as the brotli or gzip copy made at build
 * when the browser accepts one, and index.html (never cached, so a new deployment is picked up at
 * once) for every other GET that is not an API path (client-side routes), so a deep link or reload
 * opens the console.
 */
export async function registerConsole(app: FastifyInstance, config: Config): Promise<boolean> {
  const dir = config.consoleDir ?? path.resolve(import.meta.dirname, '../../../../console/dist');
  const indexFile = path.join(dir, 'index.html');
  if (!fs.existsSync(indexFile)) return false;
  const indexHtml = withRuntimeMeta(fs.readFileSync(indexFile, 'utf8'), config);

  await app.register(fastifyStatic, {
    root: dir,
    wildcard: false,
    index: false,
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      void reply.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      void reply.header('Vary', 'Accept-Encoding');
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    if (API_PATH.test(url)) return;
    const file = path.join(dir, path.normalize(url));
    if (file.startsWith(dir) && url !== '/' && fs.existsSync(file) && fs.statSync(file).isFile()) {
      return reply.sendFile(path.relative(dir, file));
    }
    if (path.extname(url) && !url.endsWith('.html')) return; // a missing asset: 404 envelope
    return reply
      .code(200)
      .type('text/html; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(indexHtml);
  });
  return true;
}
