import sharp from 'sharp';
import { REACTION_MESSAGES as M } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import { contentClient } from '../member-content/member-content.test-support.ts';

interface Reaction {
  id: number;
  label: string;
  image: string;
  sentiment: number;
  active: boolean;
  is_default: boolean;
  total: number;
  updated_by: { username: string } | null;
}

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const BOUNDARY = 'reactionboundary';
function multipart(fields: Record<string, string>, image?: { bytes: Buffer; name: string; type: string }) {
  const parts: Uint8Array[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (image) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="${image.name}"\r\n` +
          `Content-Type: ${image.type}\r\n\r\n`,
      ),
      image.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` };
}

const base = (slug = 'demo') => `/c/${slug}/platform/api/v1/reactions`;
const list = (who: SignedIn = admin, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `${base(slug)}/`, headers: who.bearer });
const send = (
  path: string,
  fields: Record<string, string>,
  image?: { bytes: Buffer; name: string; type: string },
  who: SignedIn = admin,
  slug = 'demo',
) => {
  const { payload, 'content-type': type } = multipart(fields, image);
  return t.app.inject({
    method: 'POST',
    url: `${base(slug)}/${path}`,
    headers: { ...who.bearer, 'content-type': type },
    payload,
  });
};
const reactions = async () => (await list()).json().data.results as Reaction[];
const svg = (inner: string) => ({
  bytes: Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">${inner}</svg>`),
  name: 'r.svg',
  type: 'image/svg+xml',
});
const CIRCLE = '<circle cx="12" cy="12" r="10" fill="#0a0"/>';
const png = async () => ({
  bytes: await sharp({ create: { width: 64, height: 64, channels: 3, background: '#f80' } })
    .png()
    .toBuffer(),
  name: 'r.png',
  type: 'image/png',
});
const fetchImage = (url: string) => t.app.inject({ method: 'GET', url: new URL(url).pathname });

describe('reactions: the console table', () => {
  it('starts every community with an active default "like" and a few more, each image served', async () => {
    const rows = await reactions();
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows[0]).toMatchObject({ label: 'like', is_default: true, active: true, sentiment: 1, total: 0 });
    expect(rows.filter((r) => r.is_default)).toHaveLength(1);
    expect(new Set(rows.map((r) => r.sentiment))).toEqual(new Set([1, 0, -1]));
    const image = await fetchImage(rows[0]!.image);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    // Opened on its own, the file would run no inline script even if one had slipped through.
    expect(image.headers['content-security-policy']).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('adds an SVG reaction with its <script>, handlers and outside references left out', async () => {
    const res = await send(
      'add/',
      { label: 'Clap', sentiment: '1' },
      svg(
        `${CIRCLE}<script>alert(1)</script><rect onclick="alert(2)" width="2" fill="url(https://evil.test/x)"/>`,
      ),
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    const added = res.json().data as Reaction;
    expect(added).toMatchObject({
      label: 'Clap',
      active: true,
      is_default: false,
      updated_by: { username: 'ed' },
    });
    const stored = (await fetchImage(added.image)).body;
    expect(stored).toContain('<circle');
    expect(stored).not.toMatch(/script|alert|onclick|evil/);
  });

  it('adds a PNG reaction through the content-checked pipeline, and refuses GIFs, renamed files and no image', async () => {
    const res = await send('add/', { label: 'Star', sentiment: '0', active: 'false' }, await png());
    expect(res.statusCode, res.body).toBe(200);
    const star = res.json().data as Reaction;
    expect(star.active).toBe(false);
    expect((await fetchImage(star.image)).headers['content-type']).toBe('image/png');

    const gif = Buffer.from('R0lGODlhAQABAAAAACw=', 'base64');
    for (const image of [
      { bytes: gif, name: 'a.gif', type: 'image/gif' },
      { bytes: Buffer.from('<html><script>alert(1)</script></html>'), name: 'a.svg', type: 'image/svg+xml' },
      { bytes: Buffer.from('not a picture'), name: 'a.png', type: 'image/png' },
    ]) {
      const refused = await send('add/', { label: `Bad ${image.name}`, sentiment: '0' }, image);
      expect(refused.statusCode, image.name).toBe(400);
      expect(errorsOf(refused.body)[0]).toMatchObject({ field: 'image', message: M.image });
    }
    const none = await send('add/', { label: 'Nothing', sentiment: '0' });
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none.body)[0]).toMatchObject({ field: 'image', message: M.imageRequired });
  });

  it('refuses an empty, long or taken label and a sentiment outside 1, 0, -1', async () => {
    for (const [fields, field] of [
      [{ label: '  ', sentiment: '1' }, 'label'],
      [{ label: 'x'.repeat(51), sentiment: '1' }, 'label'],
      [{ label: 'LIKE', sentiment: '1' }, 'label'],
      [{ label: 'Fine', sentiment: '2' }, 'sentiment'],
    ] as const) {
      const res = await send('add/', fields, svg(CIRCLE));
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorsOf(res.body)[0]?.field).toBe(field);
    }
  });

  it('never disables the default reaction, with a clear message', async () => {
    const like = (await reactions()).find((r) => r.is_default)!;
    const res = await send(`${like.id}/update/`, { active: 'false' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'active', message: M.defaultInactive });
    expect((await reactions()).find((r) => r.id === like.id)?.active).toBe(true);
  });

  it('updates label, sentiment, status and image, and moves the default to another active reaction', async () => {
    const wow = (await reactions()).find((r) => r.label === 'wow')!;
    const res = await send(
      `${wow.id}/update/`,
      { label: 'Wow!', sentiment: '-1', active: 'false' },
      svg(CIRCLE),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ label: 'Wow!', sentiment: -1, active: false });
    expect(res.json().data.image).not.toBe(wow.image);

    const inactive = await send(`${wow.id}/set_default/`, {});
    expect(inactive.statusCode).toBe(400);
    const love = (await reactions()).find((r) => r.label === 'love')!;
    const moved = await send(`${love.id}/set_default/`, {});
    expect(moved.statusCode, moved.body).toBe(200);
    const rows = await reactions();
    expect(rows.filter((r) => r.is_default).map((r) => r.label)).toEqual(['love']);
    const like = rows.find((r) => r.label === 'like')!;
    expect((await send(`${like.id}/update/`, { active: 'false' })).statusCode).toBe(200);
    // Back as it was for the next tests.
    await send(`${like.id}/update/`, { active: 'true' });
    await send(`${like.id}/set_default/`, {});
  });

  it('lets admins and editors in, not moderators; another community’s reaction is 404', async () => {
    expect((await list(editor)).statusCode).toBe(200);
    expect((await list(moderator)).statusCode).toBe(403);
    const theirs = (await list(owner, 'other')).json().data.results as Reaction[];
    expect(theirs.find((r) => r.is_default)?.label).toBe('like');
    const res = await send(`${theirs[0]!.id}/update/`, { label: 'Mine now' });
    expect(res.statusCode).toBe(404);
    expect(
      (await send(`${theirs[0]!.id}/update/`, { label: 'Mine' }, undefined, owner, 'demo')).statusCode,
    ).toBe(404);
    expect(otherId).not.toBe(demoId);
  });
});

describe('reactions: members', () => {
  let member: SignedIn;
  let other: SignedIn;
  const api = () => contentClient(t);

  beforeAll(async () => {
    await createMember(t.db, demoId, 'reactor', 'reactor-password-1');
    await createMember(t.db, demoId, 'reactor2', 'reactor-password-2');
    member = await memberSignIn(t.app, t.db, 'demo', 'reactor', 'reactor-password-1');
    other = await memberSignIn(t.app, t.db, 'demo', 'reactor2', 'reactor-password-2');
  });

  it('reads reactions as SelfCommunity objects, paged, searched and one by one', async () => {
    const page = (await api().get('/reaction/?limit=2')).json();
    expect(page.count).toBeGreaterThan(2);
    expect(page.results).toHaveLength(2);
    expect(page.next).toContain('offset=2');
    expect(Object.keys(page.results[0]).sort()).toEqual(['active', 'id', 'image', 'label', 'sentiment']);
    const found = (await api().get('/reaction/search/?search=CLA')).json();
    expect(found.results.map((r: { label: string }) => r.label)).toEqual(['Clap']);
    const one = await api().get(`/reaction/${found.results[0].id}/`);
    expect(one.json()).toMatchObject({ label: 'Clap', sentiment: 1, active: true });
    expect(
      (await api().get('/reaction/?active=false')).json().results.every((r: Reaction) => !r.active),
    ).toBe(true);
    const theirs = (await list(owner, 'other')).json().data.results as Reaction[];
    expect((await api().get(`/reaction/${theirs[0]!.id}/`)).statusCode).toBe(404);
  });

  it('votes with a reaction, changes it and withdraws it; reactions_count stays exact', async () => {
    const post = await api().post('/post/', { html: '<p>React to me</p>' }, member);
    expect(post.statusCode, post.body).toBeLessThan(300);
    const id = post.json().id as number;
    const all = await reactions();
    const like = all.find((r) => r.label === 'like')!;
    const clap = all.find((r) => r.label === 'Clap')!;
    const counts = async (who?: SignedIn) => {
      const body = (await api().get(`/post/${id}/`, who)).json();
      return {
        votes: body.vote_count as number,
        mine: (body.reaction?.label ?? null) as string | null,
        counts: (body.reactions_count as { reaction: { label: string }; count: number }[]).map(
          (c) => `${c.reaction.label}:${c.count}`,
        ),
      };
    };

    expect((await api().post(`/post/${id}/vote/`, { reaction: clap.id }, member)).statusCode).toBe(204);
    expect((await api().post(`/post/${id}/vote/`, undefined, other)).statusCode).toBe(204);
    expect(await counts(member)).toEqual({ votes: 2, mine: 'Clap', counts: ['like:1', 'Clap:1'] });

    expect((await api().post(`/post/${id}/vote/`, { reaction: like.id }, member)).statusCode).toBe(204);
    expect(await counts(member)).toEqual({ votes: 2, mine: 'like', counts: ['like:2'] });

    expect((await api().post(`/post/${id}/vote/`, { reaction: like.id }, member)).statusCode).toBe(204);
    expect(await counts(member)).toEqual({ votes: 1, mine: null, counts: ['like:1'] });

    const voters = (await api().get(`/post/${id}/vote/`, member)).json();
    expect(voters.results[0].reaction).toMatchObject({ label: 'like' });
    expect((await reactions()).find((r) => r.id === like.id)?.total).toBe(1);

    // SelfCommunity's SDK names the reaction in the query string.
    expect((await api().post(`/post/${id}/vote/?reaction=${clap.id}`, undefined, member)).statusCode).toBe(
      204,
    );
    expect(await counts(member)).toEqual({ votes: 2, mine: 'Clap', counts: ['like:1', 'Clap:1'] });
    expect((await api().post(`/post/${id}/vote/?reaction=abc`, undefined, member)).statusCode).toBe(400);
  });

  it('reacts to comments too, and refuses an unknown, disabled or other community’s reaction', async () => {
    const post = (await api().post('/post/', { html: '<p>Thread</p>' }, member)).json();
    const comment = (await api().post('/comment/', { post: post.id, html: '<p>Nice</p>' }, other)).json();
    const clap = (await reactions()).find((r) => r.label === 'Clap')!;
    expect((await api().post(`/comment/${comment.id}/vote/`, { reaction: clap.id }, member)).statusCode).toBe(
      204,
    );
    const listed = (await api().get(`/comment/?post=${post.id}`, member)).json();
    expect(listed.results[0].reactions_count).toEqual([expect.objectContaining({ count: 1 })]);
    expect(listed.results[0].reaction).toMatchObject({ label: 'Clap' });

    const star = (await reactions()).find((r) => r.label === 'Star')!;
    const theirs = ((await list(owner, 'other')).json().data.results as Reaction[])[0]!;
    for (const reaction of [star.id, theirs.id, 999999]) {
      const res = await api().post(`/post/${post.id}/vote/`, { reaction }, member);
      expect(res.statusCode, String(reaction)).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'reaction', message: M.unavailable });
    }
  });

  it('has no reactions while the flag is off: reads and votes with a reaction refused, plain votes still count', async () => {
    await setFlag(t, admin, demoId, 'reaction', false);
    try {
      expect((await api().get('/reaction/')).statusCode).toBe(403);
      expect((await list()).statusCode).toBe(403);
      const post = (await api().post('/post/', { html: '<p>Plain</p>' }, member)).json();
      const clap = (await api().post(`/post/${post.id}/vote/`, { reaction: 1 }, member)).statusCode;
      expect(clap).toBe(403);
      expect((await api().post(`/post/${post.id}/vote/`, undefined, member)).statusCode).toBe(204);
      const body = (await api().get(`/post/${post.id}/`, member)).json();
      expect(body).toMatchObject({ vote_count: 1, reactions_count: [], reaction: null });
    } finally {
      await setFlag(t, admin, demoId, 'reaction', true);
    }
  });
});
