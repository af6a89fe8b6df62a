import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createMember, memberSignIn } from '../../test-support/fixtures.ts';

/**
 * The member's own pages of the site (issue 18 §2): private messages and loyalty points are the
 * signed-in member's, so the server renders them for a visitor as an invitation to sign in, with
 * nothing of anyone's messages in the page.
 */
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;

const visit = (url: string, language = 'en-GB,en;q=0.9') =>
  t.app.inject({ method: 'GET', url, headers: { accept: HTML, 'accept-language': language } });
const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

beforeAll(async () => {
  t = await buildTestApp();
  const { demoId } = await communityFixture(t, ADMIN_PASSWORD);
  const annId = await createMember(t.db, demoId, 'ann', 'ann-password-1');
  await createMember(t.db, demoId, 'ben', 'ben-password-1');
  const ben = await memberSignIn(t.app, t.db, 'demo', 'ben', 'ben-password-1');
  const sent = await t.app.inject({
    method: 'POST',
    url: '/c/demo/api/v2/pm/',
    headers: { ...ben.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ recipients: [annId], message: 'A private word for Ann' }),
  });
  expect(sent.statusCode, sent.body).toBe(201);
}, 120_000);
afterAll(() => t.close());

describe("the member's own pages, rendered for a visitor", () => {
  it('asks a visitor to sign in on /messages and on a conversation, leaking no message', async () => {
    for (const path of ['/c/demo/messages', '/c/demo/messages/ann']) {
      const page = await visit(path);
      expect(page.statusCode, path).toBe(200);
      expect(page.body).toContain('/signin?next=');
      expect(page.body).not.toContain('A private word for Ann');
    }
    expect(title((await visit('/c/demo/messages')).body)).toBe('Messages · Demo');
    expect(title((await visit('/c/demo/messages/ann')).body)).toBe('Conversation with ann · Demo');
    const italian = await visit('/c/demo/messages', 'it-IT,it;q=0.9');
    expect(title(italian.body)).toBe('Messaggi · Demo');
  });

  it('asks a visitor to sign in on /loyalty, in their language', async () => {
    const page = await visit('/c/demo/loyalty');
    expect(page.statusCode).toBe(200);
    expect(title(page.body)).toBe('Loyalty points · Demo');
    expect(page.body).toContain('/signin?next=');
    expect(title((await visit('/c/demo/loyalty', 'it-IT,it;q=0.9')).body)).toBe('Punti fedeltà · Demo');
  });
});
