/**
 * The member site's first page (issue 18 §4): the JavaScript a visitor's first page loads from the
 * built site (`apps/community/dist`, built first when missing), against the 150 KB gzip target. The
 * page loads the manifest's entry, the home page's own chunk (pages load on demand, the matched one
 * before hydrating) and every chunk those import statically; member-only parts (composer, forms) and
 * other pages load later, on demand.
 * Each file is gzipped on its own at zlib's default level (a server compressing on the fly), in KB of
 * 1,024 bytes; the brotli copies the build writes beside each script (what the server actually
 * sends) are shown too.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

const ROOT = path.resolve(import.meta.dirname, '..');
const DIST = path.join(ROOT, 'apps/community/dist');
const TARGET_BYTES = 150 * 1024;

interface Chunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
}

if (!fs.existsSync(path.join(DIST, '.vite/manifest.json'))) {
  execFileSync('npm', ['run', 'build', '-w', '@agora/community'], { cwd: ROOT, stdio: 'inherit' });
}
const manifest = JSON.parse(fs.readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Record<
  string,
  Chunk
>;
const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
if (!entryKey) throw new Error('The site build has no entry chunk');

const files = new Set<string>();
const walk = (key: string) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const next of chunk.imports ?? []) walk(next);
};
walk(entryKey);
// Pages load on demand (the site's lazy pages): a visitor's first page is the home, whose page chunk the
// browser loads before hydrating.
const HOME_PAGE = 'src/pages/feed-page.tsx';
if (!manifest[HOME_PAGE]) throw new Error(`The site build has no chunk for ${HOME_PAGE}`);
walk(HOME_PAGE);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
let gzip = 0;
let brotli = 0;
console.log(
  "\nMember site: a visitor's first page's JavaScript (the entry, the home page's chunk, and their static imports)",
);
for (const file of files) {
  const bytes = fs.readFileSync(path.join(DIST, file));
  const gz = gzipSync(bytes).length;
  const br = fs.existsSync(path.join(DIST, `${file}.br`))
    ? fs.statSync(path.join(DIST, `${file}.br`)).size
    : gz;
  gzip += gz;
  brotli += br;
  console.log(
    `  ${file.padEnd(40)} ${kb(bytes.length).padStart(10)} raw ${kb(gz).padStart(10)} gzip ${kb(br).padStart(10)} brotli`,
  );
}
console.log(
  `  total: ${kb(gzip)} gzip (${kb(brotli)} brotli, as sent) — target ≤ ${kb(TARGET_BYTES)} gzip: ` +
    `${(gzip / TARGET_BYTES).toFixed(2)} of it, ${gzip <= TARGET_BYTES ? 'met' : 'NOT met'}`,
);
