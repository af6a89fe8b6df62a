import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

// The member site's composer (issue 18 §2): images from the media upload, polls voted, scheduled posts.

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let api: ReturnType<typeof contentClient>;

interface Media {
  id: number;
  type: string;
  title: string;
  url: string;
  image: string;
  image_width: number;
  image_height: number;
  image_mimetype: string;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-composer-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  let demoId: number;
  ({ demoId, admin } = await communityFixture(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  api = contentClient(t);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const BOUNDARY = 'composerboundary';
function upload(who: SignedIn, fields: Record<string, string>, file?: { bytes: Buffer; type: string }) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="f"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return t.app.inject({
    method: 'POST',
    url: `${api.base}/media/`,
    headers: { ...who.bearer, 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
    payload: Buffer.concat(parts),
  });
}
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#2a6' } })
    .png()
    .toBuffer();

describe('images from the media upload', () => {
  it('stores a PNG, serves its bytes at its address, and refuses a text file with 400', async () => {
    const res = await upload(
      alice,
      { type: 'image', title: 'A green field' },
      { bytes: await png(), type: 'image/png' },
    );
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<Media>();
    expect(media).toMatchObject({
      type: 'image',
      title: 'A green field',
      image_width: 40,
      image_height: 30,
      image_mimetype: 'image/png',
    });
    expect(media.image).toBe(media.url);
    const served = await t.app.inject({ method: 'GET', url: media.url.replace('http://agora.test', '') });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 40, height: 30 });

    // Named as a PNG, but text: refused by its content, never a 500.
    const text = await upload(
      alice,
      { type: 'image' },
      { bytes: Buffer.from('just words\n'), type: 'image/png' },
    );
    expect(text.statusCode).toBe(400);
    expect(errorsOf(text.body)[0]).toMatchObject({ field: 'image', code: 'invalid_image_format' });
    expect((await upload(alice, { type: 'image' })).statusCode).toBe(400);
    expect(
      (await upload(alice, { type: 'video' }, { bytes: await png(), type: 'image/png' })).statusCode,
    ).toBe(400);
    // A visitor uploads nothing.
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `${api.base}/media/`,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: `--${BOUNDARY}\r\nContent-Disposition: form-data; name="type"\r\n\r\nimage\r\n--${BOUNDARY}--\r\n`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('attaches the uploader’s images to their post, and no one else’s', async () => {
    const first = (
      await upload(alice, { type: 'image', title: 'One' }, { bytes: await png(), type: 'image/png' })
    ).json<Media>();
    const second = (
      await upload(alice, { type: 'image' }, { bytes: await png(), type: 'image/png' })
    ).json<Media>();

    const stolen = await api.post('/post/', { html: '<p>Mine now</p>', medias: [first.id] }, bob);
    expect(stolen.statusCode).toBe(400);
    expect(errorsOf(stolen.body)[0]?.field).toBe('medias');

    // Images alone make a post; they keep the order given.
    const post = await api.post('/post/', { medias: [second.id, first.id] }, alice);
    expect(post.statusCode, post.body).toBe(201);
    const created = post.json<{ id: number; medias: Media[] }>();
    expect(created.medias.map((m) => m.id)).toEqual([second.id, first.id]);
    const read = (await api.get(`/post/${created.id}/`, bob)).json<{ medias: Media[] }>();
    expect(read.medias.map((m) => [m.id, m.title])).toEqual([
      [second.id, ''],
      [first.id, 'One'],
    ]);
    // Attached once: not again to another post.
    expect((await api.post('/post/', { html: '<p>Again</p>', medias: [first.id] }, alice)).statusCode).toBe(
      400,
    );
  });
});

describe('polls', () => {
  it('creates a poll with the post and counts a member’s vote', async () => {
    const post = await api.post(
      '/post/',
      {
        html: '<p>Where shall we meet?</p>',
        poll: {
          title: 'Place',
          multiple_choices: false,
          choices: [{ choice: 'Park' }, { choice: 'Library' }],
        },
      },
      alice,
    );
    expect(post.statusCode, post.body).toBe(201);
    const { id, poll } = post.json<{ id: number; poll: { choices: { id: number; choice: string }[] } }>();
    const library = poll.choices.find((c) => c.choice === 'Library')!;
    const vote = await api.post(`/post/${id}/poll/vote/`, { choice: library.id }, bob);
    expect(vote.statusCode, vote.body).toBeLessThan(300);
    const read = (await api.get(`/post/${id}/`, bob)).json<{
      poll: { votes: number; choices: { choice: string; vote_count: number; voted: boolean }[] };
    }>();
    expect(read.poll.votes).toBe(1);
    expect(read.poll.choices.find((c) => c.choice === 'Library')).toMatchObject({
      vote_count: 1,
      voted: true,
    });
  });
});

describe('scheduled posts', () => {
  it('refuses a time while scheduling is off, or in the past', async () => {
    const later = new Date(t.clock.now().getTime() + 3_600_000).toISOString();
    const off = await api.post('/post/', { html: '<p>Later</p>', scheduled_at: later }, alice);
    expect(off.statusCode).toBe(400);
    expect(errorsOf(off.body)[0]?.field).toBe('scheduled_at');
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
      scheduled_posts_enabled: true,
    });
    const past = new Date(t.clock.now().getTime() - 1000).toISOString();
    expect((await api.post('/post/', { html: '<p>Past</p>', scheduled_at: past }, alice)).statusCode).toBe(
      400,
    );
    expect((await api.post('/post/', { html: '<p>?</p>', scheduled_at: 'soon' }, alice)).statusCode).toBe(
      400,
    );
  });

  it('keeps a scheduled post from everyone but its author until its time', async () => {
    const at = new Date(t.clock.now().getTime() + 3_600_000);
    const res = await api.post(
      '/post/',
      { html: '<p>News at eleven</p>', scheduled_at: at.toISOString() },
      alice,
    );
    expect(res.statusCode, res.body).toBe(201);
    const { id, scheduled_at, added_at } = res.json<{ id: number; scheduled_at: string; added_at: string }>();
    expect(scheduled_at).toBe(at.toISOString());
    expect(added_at).toBe(at.toISOString());
    // The author's profile counts it from its time, as everyone sees it then.
    const authorId = res.json<{ author: { id: number } }>().author.id;
    const postsCounter = async () =>
      (await api.get(`/user/${authorId}/`, bob)).json<{ posts_counter: number }>().posts_counter;
    const countedBefore = await postsCounter();

    const explore = async (who?: SignedIn) => {
      const body = (await api.get('/feed/explore/?limit=50', who)).json<{
        count: number;
        results: { post?: { id: number } }[];
      }>();
      return { count: body.count, ids: body.results.map((r) => r.post?.id) };
    };
    const listed = async (who?: SignedIn) =>
      (await api.get('/post/?limit=100', who)).json<{ results: { id: number }[] }>().results.map((p) => p.id);

    const before = await explore(bob);
    expect(before.ids).not.toContain(id);
    expect((await explore()).ids).not.toContain(id);
    expect((await api.get(`/post/${id}/`, bob)).statusCode).toBe(404);
    expect((await api.get(`/post/${id}/`)).statusCode).toBe(404);
    expect(await listed(bob)).not.toContain(id);
    const found = async (who?: SignedIn) =>
      (await api.get('/post/search/?search=eleven', who))
        .json<{ results: { id: number }[] }>()
        .results.map((p) => p.id);
    expect(await found(bob)).not.toContain(id);
    expect(await found(alice)).toContain(id);
    expect((await api.post('/comment/', { post: id, html: '<p>First!</p>' }, bob)).statusCode).toBe(404);
    expect((await api.post('/media/', { type: 'share', shared_object: id }, bob)).statusCode).toBe(400);
    // Its author sees it, marked.
    expect((await api.get(`/post/${id}/`, alice)).json()).toMatchObject({ scheduled_at: at.toISOString() });
    expect((await explore(alice)).ids).toContain(id);
    expect(await listed(alice)).toContain(id);

    t.clock.advance(3600);
    const after = await explore(bob);
    expect(after.ids).toContain(id);
    expect(after.count).toBe(before.count + 1);
    const read = await api.get(`/post/${id}/`, bob);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ scheduled_at: null });
    expect(await listed()).toContain(id);
    expect(await found(bob)).toContain(id);
    expect(await postsCounter()).toBe(countedBefore + 1);
  });
});
