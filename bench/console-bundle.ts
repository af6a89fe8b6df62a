/**
 * The console's first screen (issue 11 §3, ADR 0014): how much JavaScript, gzip, the sign-in page
 * (/signin, signed out) loads from the built console, against the 200 KB budget. It reads
 * `apps/console/dist` as Vite built it (running `npm run build` first only when there is no build)
 * and follows what the browser fetches:
 *
 * - the entry script of `index.html` and everything it imports statically (the modulepreload links);
 * - the sign-in route's lazy chunk (`signin-page-*.js`) and its static imports;
 * - the start messages of the default language (`catalogue-en-start-*.js`) and their imports.
 *
 * Sizes are each file gzipped on its own (zlib's default level, as a server compressing on the fly),
 * in KB of 1,024 bytes. `CONSOLE_DIST` reads another build directory. The e2e test `e2e/tests/first-screen-size.spec.ts` holds the same budget by
 * counting what Chromium really fetched; `first-screen-network.ts` measures what it really transfers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { consoleDist as dist, ensureConsoleBuilt } from './console-dist.ts';

const BUDGET_BYTES = 200 * 1024;

/** The lazy chunks the sign-in route fetches besides the entry, by the name Vite gives them. */
const ROUTE_CHUNKS = [/^signin-page-[\w-]+\.js$/, /^catalogue-en-start-[\w-]+\.js$/];

/** `./x.js` imported statically (`import … from "./x.js"`, `import "./x.js"`), not `import("./x.js")`. */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const match of code.matchAll(/\bimport\s*(?:[^"'();]*?\bfrom\s*)?["']\.\/([\w.-]+\.js)["']/g)) {
    if (match[1]) found.add(match[1]);
  }
  return [...found];
}

function withStaticImports(start: string[], assets: string): Set<string> {
  const seen = new Set<string>();
  const queue = [...start];
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    queue.push(...staticImports(fs.readFileSync(path.join(assets, file), 'utf8')));
  }
  return seen;
}

function firstScreenFiles(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const entries = [...html.matchAll(/<script[^>]+type="module"[^>]+src="\/assets\/([^"]+)"/g)].map(
    (m) => m[1] ?? '',
  );
  if (entries.length === 0) throw new Error('No module script in apps/console/dist/index.html');
  const assets = path.join(dist, 'assets');
  const names = fs.readdirSync(assets);
  const routeChunks = ROUTE_CHUNKS.map((pattern) => {
    const name = names.find((file) => pattern.test(file));
    if (!name) throw new Error(`No chunk matching ${pattern} in apps/console/dist/assets`);
    return name;
  });
  return [...withStaticImports([...entries, ...routeChunks], assets)];
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

ensureConsoleBuilt();
const rows = firstScreenFiles()
  .map((file) => {
    const code = fs.readFileSync(path.join(dist, 'assets', file));
    return { file, raw: code.length, gzip: gzipSync(code).length };
  })
  .sort((a, b) => b.gzip - a.gzip);
const total = rows.reduce((sum, row) => sum + row.gzip, 0);
const raw = rows.reduce((sum, row) => sum + row.raw, 0);

console.log('\nConsole first screen (/signin, signed out): JavaScript from apps/console/dist\n');
for (const row of rows.slice(0, 12)) console.log(`  ${kb(row.gzip).padStart(9)} gzip  ${row.file}`);
if (rows.length > 12) console.log(`  … and ${rows.length - 12} smaller files`);
console.log(`\n  ${rows.length} files, ${kb(raw)} minified, ${kb(total)} gzip`);
console.log(
  `  budget 200 KB gzip: ${(total / BUDGET_BYTES).toFixed(2)} of it (${total <= BUDGET_BYTES ? 'within' : 'OVER'})\n`,
);
