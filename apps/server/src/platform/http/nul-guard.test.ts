import { describe, expect, it } from 'vitest';
import { firstNulPath } from './nul-guard.ts';

describe('firstNulPath', () => {
  it('finds U+0000 in a value or a key, at any depth, and names where', () => {
    expect(firstNulPath('a\u0000')).toBe('');
    expect(firstNulPath({ a: { b: ['ok', 'x\u0000'] } })).toBe('a.b.1');
    expect(firstNulPath({ ['k\u0000']: 1 })).toBe('k\u0000');
  });

  it('lets text without NUL, numbers and uploaded bytes through', () => {
    expect(firstNulPath({ a: 'text', n: 1e308, ok: true, none: null })).toBeUndefined();
    expect(firstNulPath({ file: Buffer.from([0, 1, 0]) })).toBeUndefined();
  });

  it('walks a very deep body without overflowing the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(firstNulPath(deep)).toBe(`${'0.'.repeat(100_000 - 1)}0`);
  });
});
