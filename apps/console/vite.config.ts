import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { noMessageParser, precompiledMessages, precompressedAssets } from '../../build/vite-plugins.ts';

const apiTarget = 'http://127.0.0.1:8080';
const proxied = ['/platform', '/oauth', '/c', '/docs'];

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [precompiledMessages(), react(), precompressedAssets()],
  resolve: {
    alias: [noMessageParser],
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
