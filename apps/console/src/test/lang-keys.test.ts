import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const consoleRoot = join(import.meta.dirname, '..', '..');
const readJson = (name: string) =>
  JSON.parse(readFileSync(join(consoleRoot, 'lang', name), 'utf8')) as Record<string, string>;
const en = readJson('en.json');
const it_ = readJson('it.json');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !path.includes('/test/') ? [path] : [];
  });
}

const sources = sourceFiles(join(consoleRoot, 'src')).map((path) => ({
  path,
  text: readFileSync(path, 'utf8'),
}));

/** Message ids are namespaced ('area.key'): FormattedMessage id="…", formatMessage({ id: '…' }), defineMessages. */
const ID_PATTERNS = [
  /\bid="([A-Za-z]\w*\.[\w.]+)"/g,
  /\b(?:id|messageId|labelId):\s*'([A-Za-z]\w*\.[\w.]+)'/g,
];

function referencedIds(): Map<string, string> {
  const ids = new Map<string, string>();
  for (const { path, text } of sources) {
    for (const pattern of ID_PATTERNS) {
      for (const match of text.matchAll(pattern)) ids.set(match[1] ?? '', path);
    }
  }
  return ids;
}

describe('translations', () => {
  it('has the same keys in en and it, none empty', () => {
    expect(Object.keys(it_).sort()).toEqual(Object.keys(en).sort());
    for (const [key, value] of [...Object.entries(en), ...Object.entries(it_)]) {
      expect(value.trim(), key).not.toBe('');
    }
  });

  it('has every message id used in the source', () => {
    const missing = [...referencedIds()].filter(([id]) => !(id in en)).map(([id, path]) => `${id} (${path})`);
    expect(missing).toEqual([]);
    expect(referencedIds().size).toBeGreaterThan(20);
  });

  it('has no key that the source never uses', () => {
    const all = sources.map(({ text }) => text).join('\n');
    const unused = Object.keys(en).filter((key) => !all.includes(`'${key}'`) && !all.includes(`"${key}"`));
    expect(unused).toEqual([]);
  });

  it('keeps the texts the specification fixes', () => {
    expect(en['common.genericError']).toBe('An error has occurred. Try later.');
    expect(en['common.error401']).toBe('Your session has expired, please log-in again');
    expect(en['common.tokenExpired']).toBe('Token expired');
    expect(en['errorBoundary.error']).toBe('Oops! Something went wrong!');
    for (const key of [
      'common.requiredError',
      'common.uniqueError',
      'common.emailError',
      'errorBoundary.reload',
    ]) {
      expect(en[key], key).toBeTruthy();
    }
  });
});
