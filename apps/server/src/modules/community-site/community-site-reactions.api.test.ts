import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createMember, memberSignIn, type SignedIn } from '../../test-support/fixtures.ts';

/**
 * The community's reactions on the member site (issue 18 §2): a contribution page rendered on the
 * server shows, to a visitor, how many members answered the contribution and each comment with each
 * reaction (the image named by its label, then the count), and nothing to press.
 */
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
let admin: SignedIn;
let postId: number;
let reactions: { id: number; label: string }[];

async function call(method: 'GET' | 'POST', path: string, who?: SignedIn, body?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/c/demo/api/v2/${path}`,
    headers: {
      ...(who?.bearer ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.body ? (res.json() as unknown) : null;
}

/** The reactions counted in a page: label (the image's alternative text) → count. */
function countsIn(html: string): Map<string, number>[] {
  return [...html.matchAll(/<ul[^>]* aria-label="Reactions"[^>]*>(.*?)<\/ul>/g)].map(
    (list) =>
      new Map(
        [...(list[1] ?? '').matchAll(/data-reaction-count="(\d+)".*?<img[^>]* alt="([^"]*)"/g)].map((m) => [
          m[2] as string,
          Number(m[1]),
        ]),
      ),
  );
}

beforeAll(async () => {
  t = await buildTestApp();
  const fixture = await communityFixture(t, ADMIN_PASSWORD);
  admin = fixture.admin;
  const members: SignedIn[] = [];
  for (const name of ['ada', 'bea', 'cyd']) {
    await createMember(t.db, fixture.demoId, name, `${name}-password-1`);
    members.push(await memberSignIn(t.app, t.db, 'demo', name, `${name}-password-1`));
  }
  const [ada, bea, cyd] = members as [SignedIn, SignedIn, SignedIn];
  const prefs = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/dynamic_preference/update_multi/',
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ content_availability: true }),
  });
  expect(prefs.statusCode, prefs.body).toBe(200);
  postId = (
    (await call('POST', 'post/', ada, { html: '<p>Bread from the new bakery</p>' })) as { id: number }
  ).id;
  const comment = (await call('POST', 'comment/', bea, { post: postId, html: '<p>Lovely!</p>' })) as {
    id: number;
  };
  reactions = ((await call('GET', 'reaction/?active=true')) as { results: { id: number; label: string }[] })
    .results;
  expect(reactions.length).toBeGreaterThanOrEqual(2);
  const [first, second] = reactions as [{ id: number; label: string }, { id: number; label: string }];
  await call('POST', `post/${postId}/vote/`, bea, { reaction: first.id });
  await call('POST', `post/${postId}/vote/`, cyd, { reaction: first.id });
  await call('POST', `post/${postId}/vote/`, ada, { reaction: second.id });
  await call('POST', `comment/${comment.id}/vote/`, cyd, { reaction: second.id });
}, 120_000);
afterAll(() => t.close());

describe("a contribution page's reactions, rendered on the server", () => {
  it('shows a visitor each reaction with its count on the contribution and on its comments', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/c/demo/post/${postId}`,
      headers: { accept: HTML, 'accept-language': 'en' },
    });
    expect(page.statusCode).toBe(200);
    const [first, second] = reactions as [{ id: number; label: string }, { id: number; label: string }];
    const [onPost, onComment] = countsIn(page.body);
    expect(onPost).toEqual(
      new Map([
        [first.label, 2],
        [second.label, 1],
      ]),
    );
    expect(onComment).toEqual(new Map([[second.label, 1]]));
    // A visitor has nothing to press: no picker, no follow, share or report; a way to sign in.
    expect(page.body).not.toContain('aria-haspopup="menu"');
    expect(page.body).not.toMatch(/>Follow<|>Report<|>Share</);
    expect(page.body).toContain('Sign in to react, follow, share or report.');
  });

  it('words the counts in Italian for an Italian visitor', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: `/c/demo/post/${postId}`,
      headers: { accept: HTML, 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(page.body).toMatch(/<ul[^>]* aria-label="Reazioni"/);
    expect(page.body).toContain('Accedi per reagire, seguire, condividere o segnalare.');
  });
});
