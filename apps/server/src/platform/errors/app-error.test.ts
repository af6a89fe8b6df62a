import { ALL_ERROR_CODES, ErrorCode, TwoFactorErrorCode, type AppErrorCode } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { AppError, errorEntry } from './app-error.ts';

describe('AppError codes are a closed registry', () => {
  it('takes a code declared in the contract, shared or per area', () => {
    expect(AppError.of(403, ErrorCode.accountBlocked, 'Blocked.').entries[0]?.code).toBe('account_blocked');
    expect(errorEntry(TwoFactorErrorCode.required, 'Enrol.').code).toBe('two_factor_required');
  });

  it('refuses an undeclared code at the type check (`tsc -p apps/server`)', () => {
    // Each line below fails to compile without its directive: `tsc` would report an unused directive
    // if an undeclared string were ever accepted again.
    // @ts-expect-error 'not_a_declared_code' is not an AppErrorCode
    const thrown = AppError.of(400, 'not_a_declared_code', 'Nope.');
    // @ts-expect-error an entry is built from declared codes only
    const entry = errorEntry('not_a_declared_code', 'Nope.');
    // @ts-expect-error nor is a plain string variable
    const widened: AppErrorCode = String('account_blocked');
    expect([thrown.statusCode, entry.message, widened]).toEqual([400, 'Nope.', 'account_blocked']);
  });

  it('lists every declared code once in ALL_ERROR_CODES', () => {
    for (const code of ['account_blocked', 'account_pending', 'account_not_approved', 'request_timeout'])
      expect(ALL_ERROR_CODES.has(code)).toBe(true);
    expect(ALL_ERROR_CODES.has('not_a_declared_code')).toBe(false);
  });
});
