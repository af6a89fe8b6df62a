import fs from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { parse } from '@formatjs/icu-messageformat-parser';
import type { Alias, Plugin } from 'vite';

/**
 * The message files (`lang/*.json`) arrive in the browser already parsed into react-intl's message
 * AST, so the ICU parser (~8 KB gzip) stays out of the bundle: `no-parser` below replaces it (ADR 0014); the console and the member site share it.
 * The tests run without this config and parse the plain strings, so both paths are exercised.
 */
export function precompiledMessages(): Plugin {
  return {
    name: 'agora-precompiled-messages',
    enforce: 'pre',
    transform(code, id) {
      if (!/\/lang\/[^/]+\.json$/.test(id)) return null;
      const messages = JSON.parse(code) as Record<string, string>;
      const compiled = Object.fromEntries(
        Object.entries(messages).map(([key, message]) => [key, parse(message)]),
      );
      return { code: JSON.stringify(compiled), map: null };
    },
  };
}

const COMPRESSIBLE = /\.(js|css|svg|json|txt|map)$/;

/**
 * Writes a brotli (`.br`) and a gzip (`.gz`) copy beside every script, style sheet and other text
 * asset of the build, at the strongest levels since it happens once; the server sends the one the
 * browser accepts (`preCompressed` in platform/static/console-static.ts), so nothing is compressed per
 * request and nothing reaches the browser uncompressed (issue 12 §1).
 */
export function precompressedAssets(): Plugin {
  return {
    name: 'agora-precompressed-assets',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? '';
      await Promise.all(
        Object.keys(bundle)
          .filter((file) => COMPRESSIBLE.test(file))
          .map(async (file) => {
            const target = path.join(dir, file);
            const content = await fs.readFile(target);
            const brotli = brotliCompressSync(content, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            });
            await fs.writeFile(`${target}.br`, brotli);
            await fs.writeFile(`${target}.gz`, gzipSync(content, { level: 9 }));
          }),
      );
    },
  };
}

/** With messages precompiled, react-intl never parses: the parser's no-op build replaces it. */
export const noMessageParser: Alias = {
  find: /^@formatjs\/icu-messageformat-parser$/,
  replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
};
