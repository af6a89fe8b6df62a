import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { auditActionNames } from '@agora/contract';
import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { ACTION_MESSAGES, UNKNOWN_ACTION_MESSAGE } from './audit-messages.ts';

const lang = (code: 'en' | 'it') =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', '..', 'lang', `audit-log.${code}.json`), 'utf8'),
  ) as Record<string, string>;

describe('audit action sentences', () => {
  // Every action the server can record (the contract's registry, held to the route table by the
  // server's audit-actions.api.test.ts) reads as a sentence in both languages.
  for (const code of ['en', 'it'] as const) {
    it(`has a sentence for every action in ${code}, each formatting with its values`, () => {
      const messages = lang(code);
      const ids = [...auditActionNames().map((action) => ACTION_MESSAGES[action]), UNKNOWN_ACTION_MESSAGE];
      expect(auditActionNames().length).toBeGreaterThan(50);
      const missing = ids.filter((id) => !messages[id]);
      expect(missing).toEqual([]);
      const errors: string[] = [];
      const intl = createIntl({ locale: code, messages, onError: (e) => errors.push(e.message) });
      for (const id of ids) {
        const text = intl.formatMessage({ id }, { person: 'Maria', subject: 'on' });
        expect(text, id).not.toMatch(/[{}]/);
        expect(text, id).toMatch(/Maria|\w/);
      }
      expect(errors).toEqual([]);
    });
  }

  it('gives each action its own sentence', () => {
    const ids = Object.values(ACTION_MESSAGES);
    expect(new Set(ids).size).toBe(ids.length);
    expect(Object.keys(ACTION_MESSAGES).sort()).toEqual(auditActionNames().sort());
  });
});
