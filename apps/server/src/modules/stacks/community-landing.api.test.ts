import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityWithRoles, type RolesFixture } from '../../test-support/fixtures.ts';
import './stacks.tables.ts';

// Issue 12 §1: "Go to your Community" leads to a page that exists. Until the member site does,
// /c/{slug} is the community's public landing: name, logo, theme colours, description and state.

let t: TestApp;
let cast: RolesFixture;
beforeAll(async () => {
  t = await buildTestApp({ serveConsole: false });
  cast = await communityWithRoles(t, ADMIN_PASSWORD);
});
afterAll(() => t.close());

const landing = (url = '/c/demo', language = 'en') =>
  t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } });

const setPreferences = (values: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/dynamic_preference/update_multi/',
    headers: { ...cast.admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(values),
  });

describe("a community's public landing", () => {
  it('answers at /c/{slug} and /c/{slug}/ with no sign-in, in its name, colours and description', async () => {
    const saved = await setPreferences({
      application_name: 'Gardeners <of> Rome',
      meta_description: 'Seeds, soil & sun.',
      colorprimary: '#aa3300',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const url of ['/c/demo', '/c/demo/']) {
      const page = await landing(url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<title>Gardeners &#60;of&#62; Rome</title>');
      expect(page.body).toContain('Seeds, soil &#38; sun.');
      expect(page.body).toContain('#aa3300');
      expect(page.body).toContain('data-state="open"');
      expect(page.body).not.toContain('<script');
    }
  });

  it("says when it is by invitation only, or closed for maintenance, in the reader's language", async () => {
    expect((await setPreferences({ registration_mode: 'invitation_only' })).statusCode).toBe(200);
    const invitation = await landing('/c/demo', 'it-IT,it;q=0.9,en;q=0.8');
    expect(invitation.body).toContain('<html lang="it">');
    expect(invitation.body).toContain('data-state="invitation_only"');
    expect(invitation.body).toContain('Solo su invito.');
    await t.db.updateTable('stacks').set({ status: 'stopped' }).where('id', '=', cast.demoId).execute();
    const closed = await landing();
    expect(closed.body).toContain('data-state="maintenance"');
    expect(closed.body).toContain('Closed for maintenance');
    await t.db.updateTable('stacks').set({ status: 'online' }).where('id', '=', cast.demoId).execute();
    expect((await setPreferences({ registration_mode: 'open' })).statusCode).toBe(200);
  });

  it('answers 404 in the error envelope for a community that does not exist', async () => {
    const missing = await landing('/c/no-such-community');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].code).toBe('not_found');
  });
});
