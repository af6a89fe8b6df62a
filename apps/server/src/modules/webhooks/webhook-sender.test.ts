import { describe, expect, it } from 'vitest';
import { retryAfterSeconds } from './webhook-sender.ts';

describe("a receiver's Retry-After", () => {
  const now = new Date('2026-11-27T10:00:00Z');

  it('reads delay-seconds and an HTTP-date', () => {
    expect(retryAfterSeconds('120', now)).toBe(120);
    expect(retryAfterSeconds(' 7 ', now)).toBe(7);
    expect(retryAfterSeconds('Fri, 27 Nov 2026 10:05:00 GMT', now)).toBe(300);
    expect(retryAfterSeconds(['60', '90'], now)).toBe(60);
  });

  it('ignores what is absent, unreadable, past, zero or beyond a day', () => {
    for (const value of [undefined, '', 'soon', '-5', '1.5', '0', 'Fri, 27 Nov 2026 09:00:00 GMT', '86401']) {
      expect(retryAfterSeconds(value, now), String(value)).toBeUndefined();
    }
    expect(retryAfterSeconds('86400', now)).toBe(86_400);
  });
});
