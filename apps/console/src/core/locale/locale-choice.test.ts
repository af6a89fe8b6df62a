import { describe, expect, it } from 'vitest';
import { chooseLocale, toLocale } from './locale-choice.ts';

describe('start-up locale', () => {
  const all = { query: 'it', preference: 'en', userLanguage: 'it', lastLocale: 'en', browser: 'it-IT' };

  it('takes the l query parameter first', () => {
    expect(chooseLocale(all)).toBe('it');
    expect(chooseLocale({ ...all, query: 'en', preference: 'it' })).toBe('en');
  });

  it('then the stored language preference', () => {
    expect(chooseLocale({ ...all, query: null })).toBe('en');
    expect(chooseLocale({ ...all, query: 'fr', preference: 'it', userLanguage: 'en' })).toBe('it');
  });

  it('then the user language', () => {
    expect(chooseLocale({ ...all, query: null, preference: null })).toBe('it');
  });

  it('then the last locale', () => {
    expect(
      chooseLocale({ query: null, preference: null, userLanguage: null, lastLocale: 'it', browser: 'en' }),
    ).toBe('it');
  });

  it('then the browser language prefix', () => {
    expect(chooseLocale({ browser: 'it-IT' })).toBe('it');
    expect(chooseLocale({ lastLocale: 'xx', browser: 'it_CH' })).toBe('it');
  });

  it('falls back to English for anything unknown', () => {
    expect(chooseLocale({ query: 'de', browser: 'fr-FR' })).toBe('en');
    expect(chooseLocale({})).toBe('en');
    expect(toLocale('pt')).toBeNull();
  });
});
