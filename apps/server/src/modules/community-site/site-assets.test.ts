import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSiteBundle } from './site-assets.ts';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-site-bundle-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('the site bundle', () => {
  it('names the entry, and for a page loaded on demand its chunk and every chunk it imports, once each', () => {
    fs.mkdirSync(path.join(dir, '.vite'), { recursive: true });
    fs.writeFileSync(
      path.join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'src/entry-client.tsx': {
          file: 'assets/entry.js',
          isEntry: true,
          css: ['assets/site.css'],
          imports: ['_mui.js'],
        },
        '_mui.js': { file: 'assets/mui.js' },
        '_card.js': { file: 'assets/card.js', imports: ['_mui.js'] },
        'src/pages/feed-page.tsx': { file: 'assets/feed-page.js', imports: ['_card.js', '_mui.js'] },
      }),
    );
    const bundle = readSiteBundle(dir);
    expect(bundle?.entry).toEqual({ scripts: ['assets/entry.js'], styles: ['assets/site.css'] });
    expect(bundle?.modules['src/pages/feed-page.tsx']).toEqual([
      'assets/feed-page.js',
      'assets/card.js',
      'assets/mui.js',
    ]);
    expect(bundle?.modules['src/pages/nothing.tsx']).toBeUndefined();
  });

  it('is absent while the site is not built', () => {
    expect(readSiteBundle(path.join(dir, 'missing'))).toBeUndefined();
  });
});
