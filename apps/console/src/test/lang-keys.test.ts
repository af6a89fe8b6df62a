import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const consoleRoot = join(import.meta.dirname, '..', '..');
const readJson = (name: string) =>
  JSON.parse(readFileSync(join(consoleRoot, 'lang', name), 'utf8')) as Record<string, string>;

/** Message files come in pairs: `en.json`/`it.json` and `<area>.en.json`/`<area>.it.json`. */
const enFiles = readdirSync(join(consoleRoot, 'lang')).filter((name) => /(^|\.)en\.json$/.test(name));
const pairs = enFiles.map((name) => ({
  name,
  en: readJson(name),
  it: readJson(name.replace(/en\.json$/, 'it.json')),
}));
const en = Object.assign({}, ...pairs.map((pair) => pair.en)) as Record<string, string>;

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
    for (const pair of pairs) {
      expect(Object.keys(pair.it).sort(), pair.name).toEqual(Object.keys(pair.en).sort());
      for (const [key, value] of [...Object.entries(pair.en), ...Object.entries(pair.it)]) {
        expect(value.trim(), key).not.toBe('');
      }
    }
  });

  it('defines each key in one file only', () => {
    const seen = new Map<string, string>();
    for (const pair of pairs) {
      for (const key of Object.keys(pair.en)) {
        expect(seen.get(key), `${key} is in ${seen.get(key)} and ${pair.name}`).toBeUndefined();
        seen.set(key, pair.name);
      }
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
