import fs from 'node:fs';
import path from 'node:path';

/** The built browser bundle of the member site: where its files are and which ones a page loads. */
export interface SiteBundle {
  dir: string;
  /** The entry's script and style files, relative to `dir`. */
  entry: { scripts: string[]; styles: string[] };
  /**
   * The scripts a source module needs, by its path in the site (`src/pages/feed-page.tsx`): its chunk
   * and every chunk it imports statically, relative to `dir`. The entry's imports are under the entry.
   */
  modules: Record<string, string[]>;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  isEntry?: boolean;
  imports?: string[];
}

/** A chunk's file and the files of every chunk it imports statically, in load order. */
function closure(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): string[] {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return [];
  seen.add(key);
  return [chunk.file, ...(chunk.imports ?? []).flatMap((next) => closure(manifest, next, seen))];
}

/**
 * Reads Vite's manifest of the member site's build (`dist/.vite/manifest.json`); undefined when the
 * site is not built (the pages are then served without their script: readable, not interactive).
 */
export function readSiteBundle(dir: string): SiteBundle | undefined {
  const manifestFile = path.join(dir, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) return undefined;
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, ManifestChunk>;
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const entry = entryKey ? manifest[entryKey] : undefined;
  if (!entryKey || !entry) return undefined;
  const modules = Object.fromEntries(Object.keys(manifest).map((key) => [key, closure(manifest, key)]));
  return { dir, entry: { scripts: [entry.file], styles: entry.css ?? [] }, modules };
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** A file of the bundle by its path under `assets/`, or undefined (also for any path leaving it). */
export function bundleFile(bundle: SiteBundle, relative: string): { file: string; type: string } | undefined {
  const assets = path.join(bundle.dir, 'assets');
  const file = path.resolve(assets, relative);
  if (!file.startsWith(`${assets}${path.sep}`)) return undefined;
  const type = TYPES[path.extname(file)];
  if (!type || !fs.existsSync(file) || !fs.statSync(file).isFile()) return undefined;
  return { file, type };
}
