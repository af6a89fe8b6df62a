import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

// Issue 18 §2, search of contents: SelfCommunity's `{discussion|post|status}/search/?search=`, with
// the explore feed's visibility rules, as FeedObject pages.

let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let stranger: SignedIn;
let aliceId: number;
let demoId: number;
let api: ReturnType<typeof contentClient>;
const ids: Record<string, number> = {};

interface Page {
  count: number;
  next: string | null;
  results: { id: number; type: string; title: string; html: string; author: { username: string } }[];
}

async function publish(
  name: string,
  html: string,
  who: SignedIn,
  type: 'post' | 'discussion',
  slug = 'demo',
): Promise<void> {
  const res = await contentClient(t, slug).post(
    `/${type}/`,
    { html, ...(type === 'discussion' ? { title: name } : {}) },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = (res.json() as { id: number }).id;
  t.clock.advance(60);
}
async function search(path: string, who?: SignedIn): Promise<Page> {
  const res = await api.get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page;
}
const names = (page: Page) => page.results.map((o) => Object.keys(ids).find((k) => ids[k] === o.id));

beforeAll(async () => {
  t = await buildTestApp();
  let otherId: number;
  ({ demoId, otherId, admin, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  await publish('Tomato seeds', '<p>Who has some to swap?</p>', alice, 'discussion');
  await publish('Soup night', '<p>Bring TOMATOES and 100% good mood</p>', bob, 'discussion');
  await publish('p-tomato', '<p>My tomato plants grew</p>', alice, 'post');
  await publish('p-other', '<p>Tomato from another community</p>', stranger, 'post', 'other');
});
afterAll(() => t.close());

describe('{type}/search/', () => {
  it('finds the words in titles and texts, case-insensitively, newest first, as FeedObjects of the type', async () => {
    const found = await search('/discussion/search/?search=tomato');
    expect(names(found)).toEqual(['Soup night', 'Tomato seeds']);
    expect(found.count).toBe(2);
    expect(found.results[0]).toMatchObject({
      type: 'discussion',
      title: 'Soup night',
      author: { username: 'bob' },
    });
    const posts = await search('/post/search/?search=TOMATO', bob);
    // Another community's post with the same word is never found.
    expect(names(posts)).toEqual(['p-tomato']);
    const paged = await search('/discussion/search/?search=tomato&limit=1&offset=1');
    expect(names(paged)).toEqual(['Tomato seeds']);
    expect(paged.count).toBe(2);
    // LIKE's wildcards are only text.
    expect(names(await search('/discussion/search/?search=100%25'))).toEqual(['Soup night']);
    expect((await search('/discussion/search/?search=1_0')).count).toBe(0);
  });

  it('leaves out hidden contents, for moderators too, and the members the caller hid', async () => {
    expect(
      (await api.post(`/discussion/${ids['Soup night']}/flag/`, { flag_type: 0 }, alice)).statusCode,
    ).toBe(204);
    const hide = await api.patch(
      `/moderation/contribution/${ids['Soup night']}/`,
      { contribution_type: 'discussion', action: 'hide', moderation_type: 0 },
      moderator,
    );
    expect(hide.statusCode, hide.body).toBe(204);
    expect(names(await search('/discussion/search/?search=tomato', bob))).toEqual(['Tomato seeds']);
    expect(names(await search('/discussion/search/?search=tomato', moderator))).toEqual(['Tomato seeds']);
    expect((await api.post(`/user/${aliceId}/hide/`, undefined, bob)).statusCode).toBe(204);
    expect((await search('/discussion/search/?search=tomato', bob)).count).toBe(0);
    expect((await search('/discussion/search/?search=tomato')).count).toBe(1);
  });

  it("answers a registered-only community's visitor 401, its members the contents; another community's member 401", async () => {
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { content_availability: false });
    const visitor = await api.get('/discussion/search/?search=tomato');
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json().errors[0].code).toBeTruthy();
    expect(names(await search('/discussion/search/?search=tomato', alice))).toEqual(['Tomato seeds']);
    expect((await api.get('/discussion/search/?search=tomato', stranger)).statusCode).toBe(401);
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { content_availability: true });
  });

  it('refuses a missing or empty text and bad paging with the 400 envelope', async () => {
    for (const query of [
      '',
      '?search=',
      '?search=%20%20',
      '?search=a&limit=0',
      '?search=a&offset=-1',
      `?search=${'x'.repeat(201)}`,
    ]) {
      const res = await api.get(`/post/search/${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().errors[0].code).toBeTruthy();
    }
  });
});

describe('user/search/?username=', () => {
  it('puts the member named exactly so first, whatever other names hold the same letters', async () => {
    await createMember(t.db, demoId, 'abob', 'abob-password-1');
    const res = await api.get('/user/search/?username=BOB&limit=1');
    expect(res.statusCode).toBe(200);
    expect(res.json().results.map((u: { username: string }) => u.username)).toEqual(['bob']);
  });
});
