import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The member site's browser bundle (ADR 0036). The server renders every page itself and names the
 * entry's files from the build manifest; the bundle only hydrates. `base: './'` keeps every chunk's
 * address relative, so the same build serves `/c/{slug}/_site/` and a community's own domain.
 */
export default defineConfig({
  plugins: [react()],
  base: './',
  build: {
    outDir: 'dist',
    manifest: true,
    emptyOutDir: true,
    rollupOptions: { input: 'src/entry-client.tsx' },
  },
});
