// Records the SHA-256 of every migration in checksums.json (run after adding a migration, never to
// "fix" an edited one: landed migrations are immutable and a test compares them with this file).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../apps/server/src/platform/db/migrations');
const file = path.join(dir, 'checksums.json');
const recorded = JSON.parse(fs.readFileSync(file, 'utf8'));
for (const name of fs
  .readdirSync(dir)
  .filter((f) => /^\d{4}-.+\.ts$/.test(f))
  .sort()) {
  const key = name.replace(/\.ts$/, '');
  if (recorded[key]) continue;
  recorded[key] = createHash('sha256')
    .update(fs.readFileSync(path.join(dir, name)))
    .digest('hex');
  console.log(`recorded ${key}`);
}
fs.writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
