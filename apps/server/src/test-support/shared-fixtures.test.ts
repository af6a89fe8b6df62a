import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '..');
const SHARED = path.join(SRC, 'test-support', 'fixtures.ts');

/** The helpers only `test-support/fixtures.ts` declares: a copy elsewhere drifts from it. */
const SHARED_HELPERS = ['setFlag', 'setFeature', 'communityFixture', 'communityWithRoles'];
const DECLARATION = new RegExp(
  String.raw`(?:function\s+|(?:const|let)\s+)(${SHARED_HELPERS.join('|')})\b`,
  'g',
);

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return testFiles(full);
    return /\.test\.ts$|test-support\.ts$/.test(entry.name) || dir.endsWith('test-support') ? [full] : [];
  });
}

describe('shared test support', () => {
  it('no test file re-declares setFlag or the community fixtures of test-support/fixtures.ts', () => {
    const copies = testFiles(SRC)
      .filter((file) => file !== SHARED && file !== import.meta.filename)
      .flatMap((file) =>
        [...fs.readFileSync(file, 'utf8').matchAll(DECLARATION)].map(
          (m) => `${path.relative(SRC, file)}: ${m[1]}`,
        ),
      );
    expect(copies).toEqual([]);
  });
});
