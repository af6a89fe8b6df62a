import { test as base } from '@playwright/test';
import { apiSignIn, revokeToken, setPreference } from './console.ts';

/**
 * Playwright's `test` for the console specs. Every test gets a fresh browser context anyway; the
 * admin account's server-side preferences are shared, so they are reset to the defaults first
 * (a test that switched to Italian must not make the next one start in Italian).
 */
export const test = base.extend<{ accountDefaults: void }>({
  accountDefaults: [
    async ({ playwright, baseURL }, use) => {
      const request = await playwright.request.newContext({ baseURL: baseURL as string });
      try {
        const token = await apiSignIn(request);
        await setPreference(request, token.access_token, 'language', 'en');
        await revokeToken(request, token.access_token, token.client_id);
      } finally {
        await request.dispose();
      }
      await use();
    },
    { auto: true },
  ],
});

export { expect } from '@playwright/test';
