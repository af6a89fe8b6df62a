import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createMember, memberSignIn, type SignedIn } from '../../test-support/fixtures.ts';

/**
 * The member site's profiles and search as a crawler sees them (issue 18 §1, §2): `/u/{username}`
 * with the member's name and description in the head, 404 for no such member, and nothing of a
 * registered-only community for a visitor; `/search?q=` with the contents and people found.
 */
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
let admin: SignedIn;
let writerId: number;

const visit = (url: string) =>
  t.app.inject({ method: 'GET', url, headers: { accept: HTML, 'accept-language': 'en' } });
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const description = (html: string) => /<meta name="description" content="([^"]*)">/.exec(html)?.[1];

async function preferences(values: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/dynamic_preference/update_multi/',
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(values),
  });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await buildTestApp();
  let demoId: number;
  ({ admin, demoId } = await communityFixture(t, ADMIN_PASSWORD));
  writerId = await createMember(t.db, demoId, 'writer', 'writer-password-1');
  await createMember(t.db, demoId, 'reader', 'reader-password-1');
  await t.db
    .updateTable('community_users')
    .set({ real_name: 'Wanda Writer', bio: 'Grows tomatoes on the balcony.' })
    .where('id', '=', writerId)
    .execute();
  const writer = await memberSignIn(t.app, t.db, 'demo', 'writer', 'writer-password-1');
  const reader = await memberSignIn(t.app, t.db, 'demo', 'reader', 'reader-password-1');
  const created = await t.app.inject({
    method: 'POST',
    url: '/c/demo/api/v2/discussion/',
    headers: { ...writer.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ title: 'Where to meet in June', text: '<p>The park is free.</p>' }),
  });
  expect(created.statusCode, created.body).toBe(201);
  await preferences({ follow_enabled: true, connection_enabled: false, content_availability: true });
  const follow = await t.app.inject({
    method: 'POST',
    url: `/c/demo/api/v2/user/${writerId}/follow/`,
    headers: reader.bearer,
  });
  expect(follow.statusCode, follow.body).toBe(204);
}, 120_000);
afterAll(() => t.close());

describe("the member site's profiles and search, rendered on the server", () => {
  it("renders a profile with the member's name, description, counters and contributions; its followers as a list", async () => {
    const page = await visit('/c/demo/u/writer');
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toMatch(/^Wanda Writer \(@writer\) · /);
    expect(description(page.body)).toBe('Grows tomatoes on the balcony.');
    expect(page.body).toContain('Grows tomatoes on the balcony.');
    expect(page.body).toContain('1 contribution');
    expect(page.body).toContain('1 follower');
    expect(page.body).toContain('Where to meet in June');
    // The author of a content links to their profile.
    expect(page.body).toContain('href="/c/demo/u/writer"');
    const followers = await visit('/c/demo/u/WRITER?tab=followers');
    expect(followers.statusCode).toBe(200);
    expect(followers.body).toContain('href="/c/demo/u/reader"');
  });

  it("answers the community's 404 page for a username nobody has (nor a part of one)", async () => {
    for (const path of ['/c/demo/u/nobody', '/c/demo/u/writ']) {
      const page = await visit(path);
      expect(page.statusCode, path).toBe(404);
      expect(title(page.body), path).toMatch(/^Page not found · /);
    }
  });

  it('renders a search of contents and of people', async () => {
    const page = await visit('/c/demo/search?q=meet');
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toMatch(/^Search: meet · /);
    expect(page.body).toContain('Where to meet in June');
    const people = await visit('/c/demo/search?q=wanda&type=people');
    expect(people.statusCode).toBe(200);
    expect(people.body).toContain('href="/c/demo/u/writer"');
    expect(people.body).toContain('Wanda Writer');
    expect((await visit('/c/demo/search')).statusCode).toBe(200);
  });

  it('shows a visitor of a registered-only community nothing of its members or contents', async () => {
    await preferences({ content_availability: false });
    const profile = await visit('/c/demo/u/writer');
    expect(profile.statusCode).toBe(200);
    expect(profile.body).toContain('Sign in');
    expect(profile.body).not.toContain('Wanda');
    expect(profile.body).not.toContain('tomatoes');
    const search = await visit('/c/demo/search?q=meet');
    expect(search.statusCode).toBe(200);
    expect(search.body).not.toContain('Where to meet in June');
    await preferences({ content_availability: true });
  });
});
