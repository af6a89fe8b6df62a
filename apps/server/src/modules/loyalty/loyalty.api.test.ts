import sharp from 'sharp';
import { LOYALTY_MESSAGES as M, type Prize, type PrizeRequestList } from '@agora/contract';
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

const BASE = '/c/demo/platform/api/v1/loyalty';
const OTHER = '/c/other/platform/api/v1/loyalty';
const V2 = '/c/demo/api/v2';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let png: Buffer;
let memberCount = 0;

const BOUNDARY = 'prizeboundary';
function multipart(fields: Record<string, string>, image?: Buffer) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  if (image) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="image"; filename="prize.png"\r\n` +
          'Content-Type: image/png\r\n\r\n',
      ),
      image,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return { payload: Buffer.concat(parts), type: `multipart/form-data; boundary=${BOUNDARY}` };
}

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const v2 = (method: 'GET' | 'POST', path: string, who: SignedIn, body?: unknown) =>
  t.app.inject({
    method,
    url: `${V2}${path}`,
    headers: { ...who.bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

async function addPrize(fields: Record<string, string>, who: SignedIn = admin, base = BASE) {
  const { payload, type } = multipart(
    { title: 'Mug', points: '100', link: 'https://shop.example/mug', description: 'A mug', ...fields },
    png,
  );
  return t.app.inject({
    method: 'POST',
    url: `${base}/prizes/add/`,
    headers: { ...who.bearer, 'content-type': type },
    payload,
  });
}
async function prize(points: number, extra: Record<string, string> = {}): Promise<Prize> {
  const res = await addPrize({ points: String(points), ...extra });
  expect(res.statusCode, res.body).toBe(200);
  return data<Prize>(res.body);
}

/** A new member who earned `posts` × the post points by publishing. */
async function memberWith(posts: number): Promise<{ who: SignedIn; id: number }> {
  memberCount += 1;
  const name = `saver${memberCount}`;
  const id = await createMember(t.db, demoId, name, 'saver-password-1');
  const who = await memberSignIn(t.app, t.db, 'demo', name, 'saver-password-1');
  for (let i = 0; i < posts; i += 1) {
    const res = await v2('POST', '/post/', who, { text: `post ${i}` });
    expect(res.statusCode, res.body).toBe(201);
  }
  return { who, id };
}
const pointsOf = async (who: SignedIn, id: number) =>
  (await v2('GET', `/user/${id}/loyalty/points/`, who)).json().points as number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, moderator, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  png = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#c0ffee' } })
    .png()
    .toBuffer();
  const saved = await post('config/update/', { points: { post: 50, comment: 5, vote: 2 } });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(() => t.close());

describe('loyalty: configure', () => {
  it('keeps points per action and refuses unknown actions or bad numbers on their field', async () => {
    const config = data<{ points: Record<string, number> }>((await get('config/')).body);
    expect(config.points).toMatchObject({ post: 50, comment: 5, vote: 2, article: 0, visits: 0 });
    const bad = await post('config/update/', { points: { post: -1, social_share: 1.5, bogus: 3 } });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body).map((e) => e.field)).toEqual([
      'points.post',
      'points.social_share',
      'points.bogus',
    ]);
  });

  it('adds a prize with a content-checked image served publicly, and updates it', async () => {
    const created = await prize(100, { title: 'T-shirt' });
    expect(created).toMatchObject({ title: 'T-shirt', points: 100, active: true });
    const image = await t.app.inject({ method: 'GET', url: new URL(created.image).pathname });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const { payload, type } = multipart({ active: 'false', title: 'T-shirt XL' });
    const updated = await t.app.inject({
      method: 'POST',
      url: `${BASE}/prizes/${created.id}/update/`,
      headers: { ...admin.bearer, 'content-type': type },
      payload,
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(data<Prize>(updated.body)).toMatchObject({
      title: 'T-shirt XL',
      active: false,
      image: created.image,
    });
  });

  it('refuses a prize without title, points, description, valid link or image; and a non-image', async () => {
    const { payload, type } = multipart({ title: ' ', points: '0', link: 'javascript:alert(1)' });
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/prizes/add/`,
      headers: { ...admin.bearer, 'content-type': type },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body).map((e) => e.field)).toEqual([
      'title',
      'points',
      'description',
      'link',
      'image',
    ]);
    const fake = multipart(
      { title: 'x', points: '1', link: 'https://a.example', description: 'd' },
      Buffer.from('not an image'),
    );
    const notImage = await t.app.inject({
      method: 'POST',
      url: `${BASE}/prizes/add/`,
      headers: { ...admin.bearer, 'content-type': fake.type },
      payload: fake.payload,
    });
    expect(notImage.statusCode).toBe(400);
    expect(errorsOf(notImage.body)[0]).toMatchObject({ field: 'image', message: M.image });
  });
});

describe('loyalty: members', () => {
  it('earns points from publishing, and only for what the configuration says', async () => {
    const a = await memberWith(2);
    const b = await memberWith(0);
    expect(await pointsOf(a.who, a.id)).toBe(100);
    expect(await pointsOf(b.who, b.id)).toBe(0);
  });

  it("reads a member's points only for the member and for the admins and editors of loyalty", async () => {
    const a = await memberWith(1);
    const b = await memberWith(0);
    const other = await v2('GET', `/user/${a.id}/loyalty/points/`, b.who);
    expect(other.statusCode, other.body).toBe(404);
    expect(other.body).not.toContain('"points"');
    // The same answer as for an id nobody has: the refusal tells nothing about the member.
    const nobody = await v2('GET', '/user/999999/loyalty/points/', b.who);
    expect([nobody.statusCode, nobody.body]).toEqual([404, other.body]);
    memberCount += 1;
    await createMember(t.db, demoId, `lead${memberCount}`, 'saver-password-1', { role: 'editor' });
    const lead = await memberSignIn(t.app, t.db, 'demo', `lead${memberCount}`, 'saver-password-1');
    expect(await pointsOf(lead, a.id)).toBe(50);
    expect((await v2('GET', '/user/999999/loyalty/points/', lead)).statusCode).toBe(404);
  });

  it('earns the social-share points once per member and content, however often it is shared', async () => {
    expect((await post('config/update/', { points: { social_share: 7 } })).statusCode).toBe(200);
    const author = await memberWith(0);
    const sharer = await memberWith(0);
    const first = await v2('POST', '/post/', author.who, { text: 'worth sharing' });
    const second = await v2('POST', '/post/', author.who, { text: 'also worth sharing' });
    const [a, b] = [first.json().id as number, second.json().id as number];
    const before = await pointsOf(author.who, author.id);

    const shared = await v2('POST', '/media/', sharer.who, { type: 'share', shared_object: a });
    expect(shared.statusCode, shared.body).toBe(201);
    expect(shared.json()).toMatchObject({
      type: 'share',
      embed: { embed_id: String(a), metadata: { id: a } },
    });
    expect(await pointsOf(sharer.who, sharer.id)).toBe(7);
    // Again (the SDK names the field share_object), and twice at once: still one credit for this content.
    const again = await Promise.all([
      v2('POST', '/media/', sharer.who, { type: 'share', share_object: a }),
      v2('POST', '/media/', sharer.who, { type: 'share', shared_object: a }),
    ]);
    expect(again.map((r) => r.statusCode)).toEqual([201, 201]);
    expect(await pointsOf(sharer.who, sharer.id)).toBe(7);
    expect((await v2('GET', `/post/${a}/`, sharer.who)).json().share_count).toBe(3);
    // Another content earns again; the author earns nothing from being shared.
    expect((await v2('POST', '/media/', sharer.who, { type: 'share', shared_object: b })).statusCode).toBe(
      201,
    );
    expect(await pointsOf(sharer.who, sharer.id)).toBe(14);
    expect(await pointsOf(author.who, author.id)).toBe(before);

    // An image media without its file (members upload images as multipart): refused, and no points.
    const image = await v2('POST', '/media/', sharer.who, { type: 'image', shared_object: a });
    expect(image.statusCode).toBe(400);
    expect(errorsOf(image.body).map((e) => e.field)).toEqual(['image']);
    const unknown = await v2('POST', '/media/', sharer.who, { type: 'share', shared_object: 999999 });
    expect(unknown.statusCode).toBe(400);
    expect((await v2('POST', '/media/', sharer.who, { type: 'share' })).statusCode).toBe(400);
    expect(await pointsOf(sharer.who, sharer.id)).toBe(14);
  });

  it('lists active prizes only to members', async () => {
    const hidden = await prize(10, { title: 'Hidden', active: 'false' });
    const { who } = await memberWith(0);
    const list = await v2('GET', '/loyalty/prize/?limit=100', who);
    expect(list.statusCode, list.body).toBe(200);
    const ids = (list.json().results as { id: number; active: boolean }[]).map((p) => p.id);
    expect(ids).not.toContain(hidden.id);
    expect((list.json().results as { active: boolean }[]).every((p) => p.active)).toBe(true);
    expect((await v2('GET', `/loyalty/prize/${hidden.id}/`, who)).statusCode).toBe(404);
  });

  it('requests a prize the member can afford, and refuses one they cannot or an inactive one', async () => {
    const mug = await prize(100, { title: 'Afford' });
    const big = await prize(1000, { title: 'Too big' });
    const { who, id } = await memberWith(2);
    const tooBig = await v2('POST', '/loyalty/request/', who, { prize: big.id });
    expect(tooBig.statusCode).toBe(400);
    expect(JSON.stringify(tooBig.json())).toContain(M.notEnoughPoints);
    const ok = await v2('POST', '/loyalty/request/', who, { prize: mug.id });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json()).toMatchObject({ user: id, prize_points: 100, status: 0, prize: { id: mug.id } });
    expect(await pointsOf(who, id)).toBe(0);
    const mine = await v2('GET', '/loyalty/request/', who);
    expect(mine.json().results.map((r: { id: number }) => r.id)).toEqual([ok.json().id]);
  });

  it('spends the points exactly once when two requests race for them', async () => {
    const mug = await prize(100, { title: 'Race' });
    const { who, id } = await memberWith(2);
    const answers = await Promise.all([
      v2('POST', '/loyalty/request/', who, { prize: mug.id }),
      v2('POST', '/loyalty/request/', who, { prize: mug.id }),
      v2('POST', '/loyalty/request/', who, { prize: mug.id }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 400, 400]);
    expect(await pointsOf(who, id)).toBe(0);
    const requests = await t.db
      .selectFrom('loyalty_requests')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('user_id', '=', id)
      .execute();
    expect(requests).toHaveLength(1);
  });
});

describe('loyalty: manage', () => {
  async function pendingRequest() {
    const gift = await prize(100, { title: `Gift ${memberCount}` });
    const member = await memberWith(2);
    const res = await v2('POST', '/loyalty/request/', member.who, { prize: gift.id });
    expect(res.statusCode, res.body).toBe(201);
    return { ...member, request: res.json().id as number };
  }

  it('accepts a request once; a decided request cannot change', async () => {
    const { request, who, id } = await pendingRequest();
    const accepted = await post(`requests/${request}/status/`, { status: 'accepted' });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(data<{ status: string; decided_by: { username: string } }>(accepted.body)).toMatchObject({
      status: 'accepted',
      decided_by: { username: 'admin' },
    });
    const again = await post(`requests/${request}/status/`, { status: 'refused' });
    expect(again.statusCode).toBe(409);
    expect(await pointsOf(who, id)).toBe(0);
    expect((await v2('GET', `/loyalty/request/${request}/`, who)).json().status).toBe(2);
  });

  it('gives the points back once on a refusal, even when two refusals race', async () => {
    const { request, who, id } = await pendingRequest();
    const answers = await Promise.all([
      post(`requests/${request}/status/`, { status: 'refused' }),
      post(`requests/${request}/status/`, { status: 'refused' }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await pointsOf(who, id)).toBe(100);
  });

  it('lists requests with the status filter, and exports the selected ones as CSV', async () => {
    const one = await pendingRequest();
    const two = await pendingRequest();
    const pending = data<PrizeRequestList>((await get('requests/?status=pending&limit=100')).body);
    expect(pending.results.map((r) => r.id)).toEqual(expect.arrayContaining([one.request, two.request]));
    expect(pending.results.every((r) => r.status === 'pending')).toBe(true);
    const csv = await post('requests/export/', { ids: [one.request] });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('id,user,date,prize,points,status');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatch(new RegExp(`^${one.request},saver\\d+,.*,100,pending$`));
    const none = await post('requests/export/', { ids: [] });
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none.body)[0]?.message).toBe(M.exportEmpty);
  });

  it('is for admins only; another community gets 404; flag off is 403 feature_disabled', async () => {
    const { request, who } = await pendingRequest();
    for (const staff of [editor, moderator]) expect((await get('requests/', staff)).statusCode).toBe(403);
    expect((await post(`requests/${request}/status/`, { status: 'accepted' }, owner, OTHER)).statusCode).toBe(
      404,
    );
    expect((await get('requests/', owner)).statusCode).toBe(404);
    await setFlag(t, admin, demoId, 'loyalty', false);
    try {
      const off = await get('config/');
      expect(off.statusCode).toBe(403);
      expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
      expect((await v2('GET', '/loyalty/prize/', who)).statusCode).toBe(403);
    } finally {
      await setFlag(t, admin, demoId, 'loyalty', true);
    }
  });
});
