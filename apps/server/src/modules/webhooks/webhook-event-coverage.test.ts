import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS_NOT_EMITTED } from '@agora/contract';
import { describe, expect, it } from 'vitest';

// A class test over the event catalogue (issue 15 §1, ADR 0034): every name an endpoint can subscribe
// to is either proven emitted by a real action in a test (a call of `expectEmitted` with the name as a
// string literal second argument, which asserts that a real receiver got it) or listed in WEBHOOK_EVENTS_NOT_EMITTED because Agora has no
// such action. A name added to the catalogue without either fails here.

const SERVER_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

function sources(filter: (file: string) => boolean): { file: string; text: string }[] {
  return (fs.readdirSync(SERVER_SRC, { recursive: true }) as string[])
    .filter((f) => f.endsWith('.ts') && filter(f))
    .map((f) => ({ file: f, text: fs.readFileSync(path.join(SERVER_SRC, f), 'utf8') }));
}

/** The names the server's tests prove emitted: the literal second arguments of `expectEmitted`. */
function provenNames(): Map<string, string[]> {
  const proven = new Map<string, string[]>();
  const call = /expectEmitted\(\s*[^,()]*(?:\([^()]*\))?\s*,\s*'([^']+)'/g;
  for (const { file, text } of sources((f) => f.endsWith('.test.ts'))) {
    for (const match of text.matchAll(call)) {
      const name = match[1] as string;
      proven.set(name, [...(proven.get(name) ?? []), file]);
    }
  }
  return proven;
}

describe('webhook event catalogue coverage', () => {
  const proven = provenNames();
  const unemitted = new Set(WEBHOOK_EVENTS_NOT_EMITTED);

  it('finds the proofs it reads (the reader itself works)', () => {
    expect(proven.get('comment.created')?.length ?? 0).toBeGreaterThan(0);
    expect(proven.get('notification.deleted_for_advertising')?.length ?? 0).toBeGreaterThan(0);
  });

  it('has every catalogue name either proven emitted by a test or listed as having no action', () => {
    const neither = WEBHOOK_EVENT_TYPES.filter((name) => !proven.has(name) && !unemitted.has(name));
    expect(neither, 'emit these from their action and prove it, or list them as not emitted').toEqual([]);
  });

  it('lists as not emitted only catalogue names that no test proves emitted', () => {
    expect(WEBHOOK_EVENTS_NOT_EMITTED.filter((name) => !WEBHOOK_EVENT_TYPES.includes(name))).toEqual([]);
    expect(WEBHOOK_EVENTS_NOT_EMITTED.filter((name) => proven.has(name))).toEqual([]);
    expect(new Set(WEBHOOK_EVENTS_NOT_EMITTED).size).toBe(WEBHOOK_EVENTS_NOT_EMITTED.length);
    expect(new Set(WEBHOOK_EVENT_TYPES).size).toBe(WEBHOOK_EVENT_TYPES.length);
  });

  it('proves only catalogue names (an endpoint could not subscribe to another)', () => {
    expect([...proven.keys()].filter((name) => !WEBHOOK_EVENT_TYPES.includes(name))).toEqual([]);
  });

  it('finds no server code recording a name listed as not emitted', () => {
    const code = sources((f) => !f.endsWith('.test.ts') && !f.includes('test-support'));
    const recorded = WEBHOOK_EVENTS_NOT_EMITTED.filter((name) =>
      code.some(({ text }) => text.includes(`'${name}'`) || text.includes(`\`${name}\``)),
    );
    expect(recorded).toEqual([]);
  });
});
