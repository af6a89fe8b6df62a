/**
 * The built console the first-screen benches read or serve: `apps/console/dist` (or `CONSOLE_DIST`),
 * built with `npm run build` first only when it is missing.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const consoleDist = process.env.CONSOLE_DIST
  ? path.resolve(process.env.CONSOLE_DIST)
  : path.join(root, 'apps/console/dist');

export function ensureConsoleBuilt(): void {
  if (fs.existsSync(path.join(consoleDist, 'index.html'))) return;
  console.log(`${path.relative(root, consoleDist)} is missing: building the console first (npm run build)…`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
