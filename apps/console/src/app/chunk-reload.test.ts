import { describe, expect, it, vi } from 'vitest';
import { clearChunkReloadFlag, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';

describe('chunk-load failures', () => {
  it('recognises dynamic import errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /a.js'))).toBe(true);
    expect(isChunkLoadError(new Error('x is undefined'))).toBe(false);
  });

  it('reloads once until the flag is cleared', () => {
    const reload = vi.fn();
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    clearChunkReloadFlag(sessionStorage);
    expect(reloadOnceForChunkError(sessionStorage, reload)).toBe(true);
  });
});
