import { describe, expect, it } from 'vitest';
import { safeNextPath } from './next-path.ts';

const ORIGIN = 'https://console.example';

describe('the path to return to after signing in', () => {
  it('keeps a same-origin relative path with its search', () => {
    expect(safeNextPath('/theme/logo?tab=2', ORIGIN)).toBe('/theme/logo?tab=2');
  });

  it('refuses anything that could leave the console', () => {
    for (const candidate of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      'theme',
      '',
      null,
      42,
    ]) {
      expect(safeNextPath(candidate, ORIGIN)).toBe('/');
    }
  });

  it('never returns to the sign-in page itself', () => {
    expect(safeNextPath('/signin', ORIGIN)).toBe('/');
  });
});
