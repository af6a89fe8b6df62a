import * as oauth from 'oauth4webapi';
import type { Page } from '@playwright/test';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { consoleMessages, signInInLanguage } from '../support/console.ts';
import { createMember, MEMBER_API } from '../support/people.ts';
import { BASE_URL, DEMO_SLUG } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 15 §2 and §5's proof for OAuth 2.0 apps, in Chromium, English at 1366 px and Italian at
 * 390 px: the console's wizard registers an app and shows its secret once; then a client library
 * written elsewhere (oauth4webapi) discovers the community's endpoints (RFC 8414), sends a member to
 * the consent page with PKCE, the member allows the app there in the browser, and the library
 * exchanges the code, calls the member API as that member, refreshes, revokes and gets 401.
 */

type Locale = 'en' | 'it';
const REDIRECT = 'https://client.example/callback';
const insecure = { [oauth.allowInsecureRequests]: true } as const;

const CASES: { locale: Locale; width: number; height: number; type: 'confidential' | 'public' }[] = [
  { locale: 'en', width: 1366, height: 900, type: 'confidential' },
  { locale: 'it', width: 390, height: 844, type: 'public' },
];

/** The member API answer for this access token, through the library (a 401 comes as its challenge). */
async function memberCall(accessToken: string): Promise<{ status: number; body?: unknown }> {
  try {
    const res = await oauth.protectedResourceRequest(
      accessToken,
      'POST',
      new URL(`${BASE_URL}${MEMBER_API}/sso/signin/`),
      undefined,
      undefined,
      insecure,
    );
    return { status: res.status, body: await res.json() };
  } catch (error) {
    if (error instanceof oauth.WWWAuthenticateChallengeError) return { status: error.status };
    throw error;
  }
}

async function noSeriousViolation(page: Page, where: string) {
  const findings = await seriousViolations(page, where);
  expect(findings, describeFindings(findings)).toEqual([]);
}

for (const { locale, width, height, type } of CASES) {
  test(`an OAuth app from the wizard signs a member in with PKCE through oauth4webapi (${locale}, ${width}px, ${type})`, async ({
    browser,
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'integrations');
    const stamp = `${locale}${width}${Date.now() % 100000}`;
    const username = `oauth${stamp}`;
    const password = `oauth-password-${stamp}`;
    const memberId = await createMember(request, { username, password });
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    // The API screen's OAuth 2.0 tab and its wizard.
    await page.goto('/integrations/api');
    await expect(page.getByRole('tab', { name: m['integrations.api.tab.jwt'] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: m['integrations.api.tab.oauth'] }).click();
    await expect(page).toHaveURL(/\/integrations\/api\/oauth$/);
    await page.getByTestId('oauth-app-add').click();
    const wizard = page.getByTestId('oauth-app-wizard');
    await wizard.getByTestId(`oauth-type-${type}`).click();
    await wizard.getByTestId('oauth-wizard-next').click();
    const name = `App ${stamp}`;
    await wizard.getByTestId('oauth-app-name').fill(name);
    // An image address the server refuses: the failure lists its reason (checked by the server only).
    await wizard.getByLabel(m['integrations.oauth.field.image']!).fill('not an address');
    await wizard.getByTestId('oauth-wizard-next').click();
    await wizard.getByTestId('oauth-app-redirect-uris').fill(REDIRECT);
    await wizard.getByTestId('oauth-wizard-next').click();
    const failure = wizard.getByTestId('oauth-create-failure');
    await expect(failure).toContainText(m['integrations.oauth.createFailed']!);
    await expect(failure.getByRole('listitem')).toHaveText([
      `${m['integrations.oauth.field.image']}: ${m['integrations.oauth.error.image']}`,
    ]);
    await wizard.getByRole('button', { name: m['integrations.oauth.back'] }).click();
    await wizard.getByLabel(m['integrations.oauth.field.image']!).fill('');
    await wizard.getByTestId('oauth-wizard-next').click();
    await wizard.getByTestId('oauth-wizard-next').click();

    // Success: the client id, and a confidential app's secret, this once.
    const clientId = await wizard.getByTestId('oauth-client-id').inputValue();
    let secret: string | undefined;
    if (type === 'confidential') {
      secret = await wizard.getByTestId('oauth-client-secret').inputValue();
      expect(secret).toMatch(/^agcs_/);
    } else {
      await expect(wizard.getByTestId('oauth-client-secret')).toHaveCount(0);
    }
    await noSeriousViolation(page, `wizard success ${locale} ${width}`);
    await page.screenshot({ path: `/tmp/oauth-shots/wizard-${locale}-${width}.png` });
    await wizard.getByTestId('oauth-wizard-done').click();
    await expect(wizard).toBeHidden();
    const row = page.getByTestId('oauth-app-row').filter({ hasText: name });
    await expect(row).toContainText(clientId);
    await page.reload();
    await expect(page.getByTestId('oauth-app-row').filter({ hasText: name })).toBeVisible();
    if (secret) await expect(page.getByText(secret)).toHaveCount(0);
    await expect(page.getByTestId('oauth-client-secret')).toHaveCount(0);
    await noSeriousViolation(page, `oauth list ${locale} ${width}`);
    await page.screenshot({ path: `/tmp/oauth-shots/list-${locale}-${width}.png` });

    // A standard client discovers the community's endpoints from the issuer.
    const issuer = new URL(`${BASE_URL}/c/${DEMO_SLUG}`);
    const as = await oauth.processDiscoveryResponse(
      issuer,
      await oauth.discoveryRequest(issuer, { algorithm: 'oauth2', ...insecure }),
    );
    expect(as.code_challenge_methods_supported).toEqual(['S256']);
    const client: oauth.Client = { client_id: clientId };
    const auth = secret ? oauth.ClientSecretBasic(secret) : oauth.None();
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const authorize = new URL(as.authorization_endpoint!);
    authorize.searchParams.set('response_type', 'code');
    authorize.searchParams.set('client_id', clientId);
    authorize.searchParams.set('redirect_uri', REDIRECT);
    authorize.searchParams.set('scope', 'read write');
    authorize.searchParams.set('state', state);
    authorize.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(verifier));
    authorize.searchParams.set('code_challenge_method', 'S256');

    // The member allows the app on the community's page, in their own browser and its language.
    const memberBrowser = await browser.newContext({
      locale: locale === 'it' ? 'it-IT' : 'en-US',
      viewport: { width, height },
    });
    const member = await memberBrowser.newPage();
    await member.route('https://client.example/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>back</title>' }),
    );
    await member.goto(authorize.href);
    const consent = {
      en: { user: 'Username or email', allow: 'Sign in and allow' },
      it: { user: 'Nome utente o email', allow: 'Accedi e consenti' },
    }[locale];
    await expect(member.locator('html')).toHaveAttribute('lang', locale);
    await expect(member.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(member.getByText(name).first()).toBeVisible();
    await member.getByLabel(consent.user).fill(username);
    await member.getByLabel('Password').fill(password);
    await noSeriousViolation(member, `consent ${locale} ${width}`);
    await member.screenshot({ path: `/tmp/oauth-shots/consent-${locale}-${width}.png` });
    await member.getByRole('button', { name: consent.allow }).click();
    await member.waitForURL((url) => url.href.startsWith(REDIRECT));

    // The library takes it from here: code + verifier, the member API as that member, refresh, revoke.
    const params = oauth.validateAuthResponse(as, client, new URL(member.url()), state);
    const tokens = await oauth.processAuthorizationCodeResponse(
      as,
      client,
      await oauth.authorizationCodeGrantRequest(as, client, auth, params, REDIRECT, verifier, insecure),
    );
    expect(tokens.token_type).toBe('bearer');
    const me = await memberCall(tokens.access_token);
    expect(me).toEqual({
      status: 200,
      body: expect.objectContaining({ id: memberId, username, role: null }),
    });
    const refreshed = await oauth.processRefreshTokenResponse(
      as,
      client,
      await oauth.refreshTokenGrantRequest(as, client, auth, tokens.refresh_token!, insecure),
    );
    expect(refreshed.refresh_token).not.toBe(tokens.refresh_token);
    expect((await memberCall(refreshed.access_token)).status).toBe(200);
    await oauth.processRevocationResponse(
      await oauth.revocationRequest(as, client, auth, refreshed.access_token, insecure),
    );
    expect((await memberCall(refreshed.access_token)).status).toBe(401);
    await memberBrowser.close();
  });
}
