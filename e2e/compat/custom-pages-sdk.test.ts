import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consoleCall, type CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * General (custom) pages through SelfCommunity's published SDK (issue 13 §4, §8): staff write them in
 * the console; the SDK lists, searches and reads them — members only the active ones, admins all.
 */
let session: SdkSession;
let server: CompatServer;
let alice: number;
let about: number;
let draft: number;

const as = (userId: number, valid?: string) => session.as(userId, valid);
const asAdmin = () => session.asAdmin();
const addPage = async (body: Record<string, unknown>) =>
  ((await consoleCall(server, 'POST', '/custom_pages/add/', body)).data as { id: number }).id;

beforeAll(async () => {
  session = await startSdkSession();
  server = session.server;
  asAdmin();
  alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
  about = await addPage({ title: 'About us', label: 'About', html_body: '<p>Who <b>we</b> are</p>' });
  await addPage({ title: 'Help', alternative_url: 'https://help.example.org/' });
  draft = await addPage({ title: 'Draft rules', active: false, html_body: '<p>Soon</p>' });
});
afterAll(() => session?.close());

describe('custom pages through the SDK', () => {
  it('a member lists and searches the active pages and reads one by id or slug', async () => {
    await as(alice);
    const all = await sdk.CustomPageService.getAllCustomPages();
    expect(all.next).toBeNull();
    expect(all.results.map((p) => p.slug).sort()).toEqual(['about-us', 'help']);
    // `active` is honoured for admins and editors only.
    const inactive = await sdk.CustomPageService.getAllCustomPages({ active: false });
    expect(inactive.results.every((p) => p.active === true)).toBe(true);

    const found = await sdk.CustomPageService.searchCustomPages({ search: 'about' });
    expect(found.results.map((p) => p.id)).toEqual([about]);
    const page = await sdk.CustomPageService.getASpecificCustomPage(about);
    expect(page).toMatchObject({
      id: about,
      type: 'normal',
      slug: 'about-us',
      title: 'About us',
      html_body: '<p>Who <b>we</b> are</p>',
      html_summary: 'Who we are',
      active: true,
    });
    expect((await sdk.CustomPageService.getASpecificCustomPage('help')).alternative_url).toBe(
      'https://help.example.org/',
    );
    expect(await statusOf(sdk.CustomPageService.getASpecificCustomPage(draft))).toBe(404);
  });

  it('an admin sees inactive pages too, and filters on active', async () => {
    asAdmin();
    const inactive = await sdk.CustomPageService.getAllCustomPages({ active: false });
    expect(inactive.results.map((p) => p.id)).toEqual([draft]);
    expect((await sdk.CustomPageService.getAllCustomPages()).count).toBe(3);
    expect((await sdk.CustomPageService.getASpecificCustomPage(draft)).active).toBe(false);
  });

  it('anyone, signed in or not, reads them (pages come before joining)', async () => {
    sdk.http.setAuthorizeToken();
    const paged = await sdk.CustomPageService.getAllCustomPages({ limit: 1 });
    expect(paged.count).toBe(2);
    expect(paged.results).toHaveLength(1);
    expect(paged.next).toContain('offset=1');
  });
});
