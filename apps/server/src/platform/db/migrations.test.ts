import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrations } from './migrations/index.ts';

const dir = path.join(import.meta.dirname, 'migrations');
const recorded = JSON.parse(fs.readFileSync(path.join(dir, 'checksums.json'), 'utf8')) as Record<
  string,
  string
>;

function digest(name: string): string {
  return createHash('sha256')
    .update(fs.readFileSync(path.join(dir, `${name}.ts`)))
    .digest('hex');
}

describe('migrations', () => {
  it('are listed in file order, one per file', () => {
    const files = fs
      .readdirSync(dir)
      .filter((f) => /^\d{4}-.+\.ts$/.test(f))
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(migrations)).toEqual(files);
  });

  it('are immutable once recorded: a change to a landed migration fails here (add a new one instead)', () => {
    for (const name of Object.keys(migrations)) {
      expect(recorded[name], `checksum of ${name} missing from checksums.json`).toBeDefined();
      expect(digest(name), `${name} was edited after it landed`).toBe(recorded[name]);
    }
  });
});
