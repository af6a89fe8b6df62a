import { describe, expect, it } from 'vitest';
import { createIntl } from 'react-intl';
import { errorEntry } from '@agora/contract';
import enCatalogue from '../locale/catalogue-en-start.ts';
import itCatalogue from '../locale/catalogue-it-start.ts';
import { HttpError } from './http-error.ts';
import { fieldErrorText, generalErrorText } from './error-text.ts';

// The server refuses weak passwords with a reason code on the password field; the console words it.
describe('fieldErrorText for the password rule', () => {
  const refusal = (code: string) =>
    new HttpError(400, {
      errors: [errorEntry(code, 'This password is too weak (server text).', 'password')],
    });

  it.each([
    ['password_too_common', /common password/, /password comune/],
    ['password_too_similar', /similar to the username/, /simile al nome utente/],
    ['password_too_weak', /too easy to guess/, /facile da indovinare/],
  ])('shows %s in English and Italian', (code, english, italian) => {
    const en = createIntl({ locale: 'en', messages: enCatalogue });
    const it_ = createIntl({ locale: 'it', messages: itCatalogue });
    expect(fieldErrorText(en, refusal(code), 'password')).toMatch(english);
    expect(fieldErrorText(it_, refusal(code), 'password')).toMatch(italian);
  });
});

// Refusals of the guards and of a busy server arrive with the server's English text; the console words
// them in the language the admin reads.
describe('generalErrorText for guard and server refusals', () => {
  const refusal = (status: number, code: string) =>
    new HttpError(status, { errors: [errorEntry(code, 'Server text in English.')] });

  it.each([
    [403, 'account_blocked', /is blocked/, /è bloccato/],
    [503, 'audit_unavailable', /audit log/, /registro delle attività/],
    [403, 'community_session', /came in from a community/, /entrato da una community/],
    [503, 'server_busy', /busy/, /occupato/],
    [408, 'request_timeout', /too long/, /troppo tempo/],
  ])('shows %s %s in English and Italian', (status, code, english, italian) => {
    const en = createIntl({ locale: 'en', messages: enCatalogue });
    const it_ = createIntl({ locale: 'it', messages: itCatalogue });
    expect(generalErrorText(en, refusal(status, code))).toMatch(english);
    expect(generalErrorText(it_, refusal(status, code))).toMatch(italian);
  });
});
