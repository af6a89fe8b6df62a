import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import {
  ADMIN_PASSWORD,
  ADMIN_USERNAME,
  CONSOLE_CLIENT_ID,
  DEMO_NAME,
  SESSION_STORAGE_KEY,
} from './server-settings.ts';

export interface Credentials {
  username: string;
  password: string;
}

export const ADMIN: Credentials = { username: ADMIN_USERNAME, password: ADMIN_PASSWORD };

/** Fills and submits the sign-in form on /signin (the page must already be there). */
export async function submitSignin(page: Page, credentials: Credentials = ADMIN): Promise<void> {
  await page.locator('input[name="username"]').fill(credentials.username);
  await page.locator('input[name="password"]').fill(credentials.password);
  await page.locator('button[type="submit"]').click();
}

/** Signs in through the console's form and waits for the home screen with the demo community. */
export async function signInViaUi(page: Page, credentials: Credentials = ADMIN): Promise<void> {
  await page.goto('/signin');
  await submitSignin(page, credentials);
  await expectHomeWithDemo(page);
}

/** The home screen showing the "Demo" community and its status. */
export async function expectHomeWithDemo(page: Page): Promise<void> {
  await expect(page.getByTestId('home')).toBeVisible();
  await expect(page.getByTestId('community-name')).toHaveText(DEMO_NAME);
  await expect(page.getByTestId('stack-status')).toBeVisible();
}

export async function expectOnSignin(page: Page): Promise<void> {
  await expect(page).toHaveURL((url) => url.pathname === '/signin');
  await expect(page.locator('input[name="username"]')).toBeVisible();
}

export interface ApiToken {
  access_token: string;
  refresh_token: string;
  client_id: string;
  expires_in: number;
}

/** Signs in through the API (not the browser) and returns the issued token. */
export async function apiSignIn(
  request: APIRequestContext,
  credentials: Credentials = ADMIN,
): Promise<ApiToken> {
  const answer = await request.post('/platform/api/v1/auth/signin/', { form: { ...credentials } });
  expect(answer.status(), await answer.text()).toBe(200);
  const body = (await answer.json()) as { data: { token: ApiToken } };
  return body.data.token;
}

/** Revokes a token server-side (RFC 7009), which also ends the sign-in it belongs to. */
export async function revokeToken(request: APIRequestContext, token: string, clientId = CONSOLE_CLIENT_ID) {
  const answer = await request.post('/oauth/revoke_token/', { form: { token, client_id: clientId } });
  expect(answer.status(), await answer.text()).toBe(200);
}

/** The token the console stored for this page's session. */
export async function storedToken(page: Page): Promise<ApiToken> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), SESSION_STORAGE_KEY);
  expect(raw, `localStorage "${SESSION_STORAGE_KEY}"`).toBeTruthy();
  const session = JSON.parse(raw as string) as { token?: ApiToken };
  expect(session.token?.access_token).toBeTruthy();
  return session.token as ApiToken;
}

/**
 * The console's translations, read from the source catalogues the build bundles: the start catalogue,
 * or one area's (`lang/<area>.<locale>.json`) when an area is named.
 */
export function consoleMessages(locale: 'en' | 'it', area?: string): Record<string, string> {
  const name = area ? `${area}.${locale}.json` : `${locale}.json`;
  const file = path.resolve(import.meta.dirname, `../../apps/console/lang/${name}`);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>;
}

/** A message with its `{name}` placeholders filled, as react-intl shows a plain one. */
export const fillMessage = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_all, name: string) => String(values[name] ?? ''));

/** Signs the admin in with the console in that language (Italian is stored as their preference first). */
export async function signInInLanguage(page: Page, locale: 'en' | 'it'): Promise<void> {
  if (locale === 'it') {
    const token = await apiSignIn(page.request);
    await setPreference(page.request, token.access_token, 'language', 'it');
    await revokeToken(page.request, token.access_token, token.client_id);
  }
  await signInViaUi(page);
}

/** Stores one of the account's console preferences (added, or updated when it exists). */
export async function setPreference(
  request: APIRequestContext,
  accessToken: string,
  key: 'language' | 'platform_tour',
  value: string,
): Promise<void> {
  const answer = await request.post('/platform/api/v1/user/preference/', {
    headers: { Authorization: `Bearer ${accessToken}` },
    form: { key, value },
  });
  expect([200, 201], await answer.text()).toContain(answer.status());
}
