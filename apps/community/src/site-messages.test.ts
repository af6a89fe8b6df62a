import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { localeOfAcceptLanguage } from './app/site-locale.ts';
import { siteMessages } from './app/site-messages.ts';
import { WORDED_REFUSALS } from './components/field-errors.ts';
import { FLAG_REASONS } from './components/notification-line.tsx';

const SRC = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !name.endsWith('.test.ts') ? [full] : [];
  });
}

/** Every message id the site's code names (`id="…"`, `id: '…'`, and the keys of id maps). */
function usedIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of sources(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(/['"`](site\.[\w.]+)['"`]/g)) ids.add(match[1]!);
  }
  return ids;
}

describe("the member site's messages", () => {
  it('has every message in English and Italian, and no other', () => {
    expect(Object.keys(siteMessages('it')).sort()).toEqual(Object.keys(siteMessages('en')).sort());
  });

  it('has a message for every id the code uses, and uses every message', () => {
    const used = usedIds();
    // Ids built from a value: `site.composer.${kind}` names these two…
    for (const kind of ['post', 'discussion']) used.add(`site.composer.${kind}`);
    // And `site.field.${code}` the refusal codes the site words itself.
    for (const code of WORDED_REFUSALS) used.add(`site.field.${code}`);
    // And `site.reason.${reason}` the five flag reasons.
    for (const reason of FLAG_REASONS) used.add(`site.reason.${reason}`);
    const known = new Set(Object.keys(siteMessages('en')));
    expect([...used].filter((id) => !known.has(id) && !id.endsWith('.'))).toEqual([]);
    expect([...known].filter((id) => !used.has(id))).toEqual([]);
  });

  it("speaks the visitor's first language it knows, else English", () => {
    expect(localeOfAcceptLanguage('it-IT,it;q=0.9,en;q=0.8')).toBe('it');
    expect(localeOfAcceptLanguage('de-DE,de;q=0.9,it;q=0.5')).toBe('it');
    expect(localeOfAcceptLanguage('en;q=0.2,it;q=0.8')).toBe('it');
    expect(localeOfAcceptLanguage('fr')).toBe('en');
    expect(localeOfAcceptLanguage(undefined)).toBe('en');
  });
});
