import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { noMessageParser, precompiledMessages, precompressedAssets } from '../../build/vite-plugins.ts';
import { themeWithoutCssVariables } from '../../build/theme-without-css-variables.ts';

/**
 * The member site's browser bundle (ADR 0036). The server renders every page itself and names the
 * entry's files from the build manifest; the bundle only hydrates. `base: './'` keeps every chunk's
 * address relative, so the same build serves `/c/{slug}/_site/` and a community's own domain.
 * Messages arrive precompiled and scripts precompressed, as the console's (ADR 0014); MUI's
 * CSS-variables themes, which the site never uses, are left out (ADR 0042).
 */
export default defineConfig({
  plugins: [precompiledMessages(), themeWithoutCssVariables(), react(), precompressedAssets()],
  resolve: { alias: [noMessageParser] },
  base: './',
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    modulePreload: { polyfill: false },
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
});
