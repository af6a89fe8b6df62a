import {
  CATEGORY_MESSAGES,
  INCUBATOR_MESSAGES as M,
  IncubatorErrorCode,
  type Incubator,
  type IncubatorList,
} from '@agora/contract';
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

const BASE = '/c/demo/platform/api/v1/incubators';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let demoId: number;
let api: ReturnType<typeof contentClient>;

const consolePost = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const consoleGet = (path: string, who: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: `${BASE}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

async function setPreference(name: string, value: unknown) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/dynamic_preference/update/',
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ name, value }),
  });
  expect(res.statusCode, res.body).toBe(200);
}

async function propose(name: string, who: SignedIn = alice, extra: object = {}) {
  const res = await api.post('/incubator/', { name, ...extra }, who);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: number; name: string; status: number; slug: string };
}
async function act(id: number, action: string) {
  return consolePost(`${id}/status/`, { action });
}
async function acted(id: number, action: string): Promise<Incubator> {
  const res = await act(id, action);
  expect(res.statusCode, res.body).toBe(200);
  return data<Incubator>(res.body);
}
async function consoleList(query = ''): Promise<IncubatorList> {
  const res = await consoleGet(`list/${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return data<IncubatorList>(res.body);
}

/** `n` members (no password: they never sign in) subscribed straight in the table. */
async function subscribeMany(id: number, n: number, prefix: string) {
  for (let i = 0; i < n; i++) {
    const user = await t.db
      .insertInto('community_users')
      .values({ stack_id: demoId, username: `${prefix}${i}`, email: `${prefix}${i}@members.test` })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('incubator_subscriptions')
      .values({ stack_id: demoId, incubator_id: id, user_id: user.id })
      .execute();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  api = contentClient(t);
  await setPreference('incubator_enabled', true);
});
afterAll(() => t.close());

describe('incubator: members propose', () => {
  it('refuses every call while the community has the incubator switched off, or the flag is off', async () => {
    await setPreference('incubator_enabled', false);
    const off = await api.get('/incubator/', alice);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]).toMatchObject({ code: IncubatorErrorCode.disabled, message: M.disabled });
    await setPreference('incubator_enabled', true);
    await setFlag(t, admin, demoId, 'incubators', false);
    try {
      expect((await api.post('/incubator/', { name: 'Nope' }, alice)).statusCode).toBe(403);
      expect((await consoleGet('list/')).statusCode).toBe(403);
    } finally {
      await setFlag(t, admin, demoId, 'incubators', true);
    }
  });

  it('creates a pending proposal (201) in SelfCommunity shape, seen by its author and staff only', async () => {
    const created = await propose('Gardening', alice, { slogan: 'Green thumbs' });
    expect(created).toMatchObject({
      name: 'Gardening',
      slug: 'gardening',
      slogan: 'Green thumbs',
      status: 0,
      approved_category: null,
      subscribers_count: 0,
      subscribers_threshold: 50,
      subscribed: false,
      user: { username: 'alice' },
    });
    expect((await api.get(`/incubator/${created.id}/`, alice)).statusCode).toBe(200);
    expect((await api.get(`/incubator/${created.id}/`, bob)).statusCode).toBe(404);
    expect((await api.get('/incubator/', bob)).json().results.map((i: { id: number }) => i.id)).not.toContain(
      created.id,
    );
    // Pending: not open to subscriptions yet.
    const early = await api.post(`/incubator/${created.id}/subscribe/`, undefined, alice);
    expect(early.statusCode).toBe(409);
    expect(errorsOf(early.body)[0]?.code).toBe(IncubatorErrorCode.notVotable);
  });

  it('refuses an empty or too long name, a bad slug, a name taken by a category or a live proposal', async () => {
    const empty = await api.post('/incubator/', { name: '  ' }, alice);
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body)[0]).toMatchObject({ field: 'name', message: M.nameRequired });
    expect(errorsOf((await api.post('/incubator/', { name: 'x'.repeat(101) }, alice)).body)[0]).toMatchObject(
      {
        field: 'name',
        code: 'max_length',
      },
    );
    const slug = await api.post('/incubator/', { name: 'Fine', slug: 'Not A Slug' }, alice);
    expect(errorsOf(slug.body)[0]).toMatchObject({ field: 'slug', message: M.slugInvalid });
    const twice = await api.post('/incubator/', { name: 'gardening' }, bob);
    expect(twice.statusCode).toBe(400);
    expect(errorsOf(twice.body)[0]).toMatchObject({ field: 'name', code: 'unique', message: M.nameTaken });
    await consolePost('../categories/add/', { name: 'Existing topic' });
    expect((await api.post('/incubator/', { name: 'Existing Topic' }, bob)).statusCode).toBe(400);
    expect((await api.post('/incubator/', { name: 'Anon' })).statusCode).toBe(401);
  });
});

describe('incubator: the console tab', () => {
  it('lists proposals with title, status, adhesions, user and submission date, filtered by status', async () => {
    const list = await consoleList();
    const gardening = list.results.find((i) => i.name === 'Gardening');
    expect(gardening).toMatchObject({ status: 'pending', subscribers_count: 0, user: { username: 'alice' } });
    expect(Date.parse(gardening!.created_at)).not.toBeNaN();
    expect(list.threshold).toBe(50);
    expect((await consoleList('?status=votable')).results).toEqual([]);
    expect((await consoleGet('list/?status=nonsense')).statusCode).toBe(400);
  });

  it('lets admins and editors in, refuses moderators, and hides other communities (404)', async () => {
    expect((await consoleGet('list/', editor)).statusCode).toBe(200);
    expect((await consoleGet('list/', moderator)).statusCode).toBe(403);
    const id = (await consoleList()).results[0]!.id;
    const foreign = await consolePost(
      `${id}/status/`,
      { action: 'ignore' },
      owner,
      '/c/other/platform/api/v1/incubators',
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('reads and writes the threshold through the clamped preference, with its own error message', async () => {
    expect(data((await consoleGet('threshold/')).body)).toEqual({ threshold: 50, min: 10, max: 1200 });
    expect(data((await consolePost('threshold/', { threshold: 5 })).body)).toMatchObject({ threshold: 10 });
    expect(data((await consolePost('threshold/', { threshold: '5000' })).body)).toMatchObject({
      threshold: 1200,
    });
    const bad = await consolePost('threshold/', { threshold: 'many' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]).toMatchObject({
      code: IncubatorErrorCode.thresholdFailed,
      message: M.thresholdError,
      field: 'threshold',
    });
    expect((await consoleGet('threshold/', moderator)).statusCode).toBe(403);
    await consolePost('threshold/', { threshold: 10 });
  });

  it('refuses an action that does not apply with the spec message', async () => {
    const id = (await consoleList()).results.find((i) => i.name === 'Gardening')!.id;
    const res = await act(id, 'restore');
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({
      code: IncubatorErrorCode.statusFailed,
      message: M.statusError,
    });
    expect((await act(id, 'explode')).statusCode).toBe(400);
    expect((await act(999999, 'votable')).statusCode).toBe(404);
  });
});

describe('incubator: subscriptions, the threshold and publishing', () => {
  it('opens a votable proposal to subscriptions: toggle, subscribed, subscribers, counts', async () => {
    const id = (await consoleList()).results.find((i) => i.name === 'Gardening')!.id;
    expect((await acted(id, 'votable')).status).toBe('votable');
    expect((await api.get(`/incubator/${id}/`, bob)).json()).toMatchObject({
      status: 1,
      subscribers_threshold: 10,
    });
    expect((await api.post(`/incubator/${id}/subscribe/`, undefined, bob)).statusCode).toBe(204);
    expect((await api.get(`/incubator/${id}/subscribed/`, bob)).json()).toEqual({ subscribed: true });
    const subscribers = (await api.get(`/incubator/${id}/subscribers/`, alice)).json();
    expect(subscribers).toMatchObject({ count: 1, results: [{ username: 'bob' }] });
    expect((await api.post(`/incubator/${id}/subscribe/`, undefined, bob)).statusCode).toBe(204);
    expect((await api.get(`/incubator/${id}/subscribed/`, bob)).json()).toEqual({ subscribed: false });
    expect((await api.get(`/incubator/${id}/`, bob)).json().subscribers_count).toBe(0);
    expect(
      (await api.get('/incubator/?status=1', bob)).json().results.map((i: { id: number }) => i.id),
    ).toEqual([id]);
  });

  it('makes a votable proposal ready at the threshold and mails the staff once', async () => {
    const id = (await consoleList()).results.find((i) => i.name === 'Gardening')!.id;
    await subscribeMany(id, 9, 'fan');
    expect((await consoleList('?status=votable')).results[0]).toMatchObject({ id, subscribers_count: 9 });
    expect((await api.post(`/incubator/${id}/subscribe/`, undefined, bob)).statusCode).toBe(204);
    const ready = (await consoleList('?status=ready')).results;
    expect(ready).toMatchObject([{ id, status: 'ready', subscribers_count: 10 }]);
    expect(ready[0]!.ready_at).not.toBeNull();
    await t.jobs.runDue();
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).execute();
    const told = mails.filter((m) => m.subject.includes('"Gardening" is ready to publish'));
    expect(told).toHaveLength(1);
    expect(told[0]!.to).toContain('admin@agora.test');
    // Leaving and joining again does not tell the staff twice.
    await api.post(`/incubator/${id}/subscribe/`, undefined, bob);
    await api.post(`/incubator/${id}/subscribe/`, undefined, bob);
    await t.jobs.runDue();
    const again = await t.db
      .selectFrom('mail_outbox')
      .select('subject')
      .where('stack_id', '=', demoId)
      .execute();
    expect(again.filter((m) => m.subject.includes('"Gardening"'))).toHaveLength(1);
  });

  it('lowering the threshold makes votable proposals that reach it ready', async () => {
    await consolePost('threshold/', { threshold: 20 });
    const other = await propose('Cooking', bob);
    await acted(other.id, 'votable');
    await subscribeMany(other.id, 15, 'cook');
    expect((await consoleList('?status=votable')).results.map((i) => i.id)).toContain(other.id);
    await consolePost('threshold/', { threshold: 15 });
    expect((await consoleList('?status=ready')).results.map((i) => i.id)).toContain(other.id);
    await consolePost('threshold/', { threshold: 10 });
  });

  it('publishes: creates the category with the proposal name and slogan, and links it', async () => {
    const id = (await consoleList()).results.find((i) => i.name === 'Gardening')!.id;
    const published = await acted(id, 'publish');
    expect(published.status).toBe('published');
    expect(published.category_id).not.toBeNull();
    const category = (await api.get('/category/', alice))
      .json()
      .results.find((c: { name: string }) => c.name === 'Gardening');
    expect(category).toMatchObject({ id: published.category_id, slogan: 'Green thumbs', slug: 'gardening' });
    expect((await api.get(`/incubator/${id}/`, alice)).json()).toMatchObject({
      status: 2,
      approved_category: { id: published.category_id, name: 'Gardening' },
    });
    // Published: no second category, no more subscriptions.
    expect((await act(id, 'publish')).statusCode).toBe(400);
    expect((await api.post(`/incubator/${id}/subscribe/`, undefined, alice)).statusCode).toBe(409);
  });

  it('refuses to publish a proposal whose name a category took meanwhile, saying both', async () => {
    const clash = await propose('Clash topic', alice);
    await consolePost('../categories/add/', { name: 'Clash topic' });
    const res = await act(clash.id, 'publish');
    expect(res.statusCode).toBe(400);
    const messages = errorsOf(res.body).map((e) => e.message);
    expect(messages[0]).toBe(M.statusError);
    expect(messages).toContain(CATEGORY_MESSAGES.titleUnique);
    expect((await consoleList('?status=pending')).results.map((i) => i.id)).toContain(clash.id);
  });

  it('hides from members, ignores, and restores each to the status it had', async () => {
    const p = await propose('Birdwatching', alice);
    await acted(p.id, 'votable');
    expect((await acted(p.id, 'hide')).status).toBe('hidden');
    expect((await api.get(`/incubator/${p.id}/`, alice)).statusCode).toBe(404);
    expect((await acted(p.id, 'restore')).status).toBe('votable');
    expect((await acted(p.id, 'ignore')).status).toBe('ignored');
    expect((await api.get(`/incubator/${p.id}/`, bob)).json().status).toBe(3);
    expect((await api.post(`/incubator/${p.id}/subscribe/`, undefined, bob)).statusCode).toBe(409);
    // An ignored name is free for a new proposal; restoring the old one then clashes.
    const again = await propose('Birdwatching', bob);
    const clash = await act(p.id, 'restore');
    expect(clash.statusCode).toBe(400);
    expect(errorsOf(clash.body)[0]?.message).toBe(M.statusError);
    await acted(again.id, 'ignore');
    expect((await acted(p.id, 'restore')).status).toBe('votable');
  });

  it('searches and orders the member list', async () => {
    const found = (await api.get('/incubator/search/?search=green', alice)).json();
    expect(found.results.map((i: { name: string }) => i.name)).toEqual(['Gardening']);
    const byName = (await api.get('/incubator/?ordering=name&status=1', alice)).json();
    const names = byName.results.map((i: { name: string }) => i.name);
    expect(names).toEqual([...names].sort());
    expect((await api.get('/incubator/?ordering=drop', alice)).statusCode).toBe(400);
  });
});
