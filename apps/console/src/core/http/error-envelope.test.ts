import { describe, expect, it } from 'vitest';
import { GENERIC_ERROR_MESSAGE, parseErrorEnvelope } from './error-envelope.ts';

describe('error envelope parsing', () => {
  it('maps field errors to their first message and keeps the codes', () => {
    const parsed = parseErrorEnvelope({
      errors: [
        {
          field: 'username',
          code: 'required',
          message: 'This field is required.',
          messages: [
            { code: 'required', message: 'Username is required' },
            { code: 'other', message: 'Second' },
          ],
        },
        { field: 'username', code: 'invalid', message: 'Ignored', messages: [] },
        { field: 'password', code: 'required', message: 'Password is required', messages: [] },
      ],
    });
    expect(parsed.fieldErrors).toEqual({
      username: 'Username is required',
      password: 'Password is required',
    });
    expect(parsed.fieldCodes).toEqual({ username: 'required', password: 'required' });
    expect(parsed.general).toBeUndefined();
    expect(parsed.codes).toEqual(['required', 'invalid', 'required']);
    expect(parsed.generic).toBe(false);
  });

  it('takes the first error without a field as the general error', () => {
    const parsed = parseErrorEnvelope({
      errors: [{ code: 'invalid_credentials', message: 'Bad credentials', messages: [] }],
    });
    expect(parsed.general).toBe('Bad credentials');
    expect(parsed.generalCode).toBe('invalid_credentials');
  });

  it('accepts a single error value', () => {
    expect(parseErrorEnvelope({ errors: { code: 'throttled', message: 'Slow down' } }).general).toBe(
      'Slow down',
    );
  });

  it('falls back to the generic message when there are no structured errors', () => {
    for (const body of [null, 'Bad gateway', { detail: 'x' }, { errors: [] }]) {
      const parsed = parseErrorEnvelope(body);
      expect(parsed.generic).toBe(true);
      expect(parsed.general).toBe(GENERIC_ERROR_MESSAGE);
    }
    expect(GENERIC_ERROR_MESSAGE).toBe('An error has occurred. Try later.');
  });
});
