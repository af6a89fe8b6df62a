import { fileURLToPath } from 'node:url';
import { parse } from '@formatjs/icu-messageformat-parser';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const apiTarget = 'http://127.0.0.1:8080';
const proxied = ['/platform', '/oauth', '/c', '/docs'];

/**
 * The message files (`lang/*.json`) arrive in the browser already parsed into react-intl's message
 * AST, so the ICU parser (~8 KB gzip) stays out of the bundle: `no-parser` below replaces it (ADR 0014).
 * The tests run without this config and parse the plain strings, so both paths are exercised.
 */
function precompiledMessages(): Plugin {
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

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompiledMessages(), react()],
  resolve: {
    alias: [
      {
        find: /^@formatjs\/icu-messageformat-parser$/,
        replacement: '@formatjs/icu-messageformat-parser/no-parser.js',
      },
    ],
  },
  build: {
    // Every browser the console supports has <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
  },
  server: {
    proxy: Object.fromEntries(proxied.map((path) => [path, { target: apiTarget, changeOrigin: false }])),
  },
});
