// Bundles src/page.tsx as ES modules into dist/ (issue 18 §3): what the compat test serves on loopback.
import { build } from 'esbuild';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';

const here = new URL('.', import.meta.url).pathname;
rmSync(`${here}dist`, { recursive: true, force: true });
mkdirSync(`${here}dist`, { recursive: true });
await build({
  absWorkingDir: here,
  entryPoints: ['src/page.tsx'],
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  splitting: true,
  platform: 'browser',
  target: 'es2022',
  jsx: 'automatic',
  minify: process.env.MINIFY !== '0',
  sourcemap: false,
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  // Images inline; the icon fonts beside the bundle (the theme's CSS imports them).
  loader: {
    '.png': 'dataurl',
    '.gif': 'dataurl',
    '.svg': 'file',
    '.eot': 'file',
    '.ttf': 'file',
    '.woff': 'file',
    '.woff2': 'file',
  },
});
copyFileSync(`${here}src/page.html`, `${here}dist/page.html`);
console.log('compat templates: bundle in e2e/compat/templates/dist/');
