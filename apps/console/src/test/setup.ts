import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { loadAreaMessages } from '../core/locale/messages.ts';

// The console fetches a language's messages and the notices' host on demand; under test they are there at once.
await Promise.all([
  loadAreaMessages('en'),
  loadAreaMessages('it'),
  import('../core/notices/notice-host.tsx'),
]);

// findBy… and waitFor give a screen 5 s (not 1 s) to show what it should: on a loaded machine a render
// with its mocked calls can take longer than a second, and how fast it is belongs to the bench.
configure({ asyncUtilTimeout: 5000 });

/** Every call must be mocked by the test that makes it: an unmocked fetch fails loudly. */
function unmockedFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  throw new Error(`Unmocked fetch: ${init?.method ?? 'GET'} ${url}`);
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(unmockedFetch));
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
});
