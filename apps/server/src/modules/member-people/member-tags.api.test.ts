import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let demoId: number;
let otherId: number;
let aliceId: number;
let daveId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, owner } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  daveId = await createMember(t.db, otherId, 'dave', 'dave-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'POST' | 'PATCH' | 'PUT',
  path: string,
  headers: Record<string, string> = {},
  payload?: Record<string, unknown>,
  slug = 'demo',
) => t.app.inject({ method, url: `/c/${slug}/api/v2${path}`, headers, ...(payload ? { payload } : {}) });

describe('tags', () => {
  let tagId: number;

  it('are created by admins only (201), in SelfCommunity’s types', async () => {
    const body = { type: 'user', name: 'Mentors', description: 'Helpful people', color: '#2196F3' };
    expect((await call('POST', '/tag/', {}, body)).statusCode).toBe(401);
    expect((await call('POST', '/tag/', alice.bearer, body)).statusCode).toBe(403);
    expect((await call('POST', '/tag/', owner.bearer, body)).statusCode).toBe(401);
    const res = await call('POST', '/tag/', admin.bearer, body);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      type: 'user',
      name: 'Mentors',
      color: '#2196F3',
      visible: true,
      active: true,
      deleted: false,
    });
    tagId = res.json().id;
    const contribution = await call('POST', '/tag/', admin.bearer, {
      type: 'contribution',
      name: 'Featured',
    });
    expect(contribution.statusCode).toBe(201);
    expect(contribution.json().type).toBe('contribution');
    const taken = await call('POST', '/tag/', admin.bearer, { type: 'user', name: 'MENTORS' });
    expect(taken.statusCode).toBe(400);
    expect(errorsOf(taken.body)[0]).toMatchObject({ field: 'name', code: 'unique' });
  });

  it('show admins every field and others the visible active tags only', async () => {
    await call('POST', '/tag/', admin.bearer, { type: 'user', name: 'Hidden', visible: false });
    const asAdmin = await call('GET', '/tag/', admin.bearer);
    expect(asAdmin.json().results.map((t: { name: string }) => t.name)).toEqual([
      'Hidden',
      'Featured',
      'Mentors',
    ]);
    expect(asAdmin.json().results[0]).toHaveProperty('visibility_boost');
    const asMember = await call('GET', '/tag/', alice.bearer);
    expect(asMember.json().results.map((t: { name: string }) => t.name)).toEqual(['Featured', 'Mentors']);
    expect(Object.keys(asMember.json().results[1]).sort()).toEqual([
      'color',
      'description',
      'id',
      'name',
      'type',
    ]);
    const users = await call('GET', '/tag/?type=user&search=men', admin.bearer);
    expect(users.json().results.map((t: { name: string }) => t.name)).toEqual(['Mentors']);
    expect((await call('GET', `/tag/${tagId}/`, alice.bearer)).json().name).toBe('Mentors');
  });

  it('are edited with PATCH and PUT by admins', async () => {
    const patched = await call('PATCH', `/tag/${tagId}/`, admin.bearer, { description: 'Experts' });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({ name: 'Mentors', description: 'Experts' });
    const put = await call('PUT', `/tag/${tagId}/`, admin.bearer, {
      name: 'Mentors',
      visibility_boost: true,
    });
    expect(put.json().visibility_boost).toBe(true);
    expect((await call('PATCH', `/tag/${tagId}/`, alice.bearer, { name: 'x' })).statusCode).toBe(403);
  });

  it('are assigned, added and removed with 204s', async () => {
    const assigned = () =>
      t.db
        .selectFrom('user_tags')
        .select('user_id')
        .where('stack_id', '=', demoId)
        .where('tag_id', '=', tagId)
        .execute()
        .then((rows) => rows.map((r) => r.user_id));
    const assign = await call('POST', `/tag/${tagId}/assign/`, admin.bearer, { user: aliceId });
    expect(assign.statusCode, assign.body).toBe(204);
    expect(assign.body).toBe('');
    expect(await assigned()).toEqual([aliceId]);
    expect((await call('POST', `/tag/${tagId}/add/`, admin.bearer, { user: aliceId })).statusCode).toBe(204);
    const me = await call('GET', '/user/me/', alice.bearer);
    expect(me.json().tags).toEqual([expect.objectContaining({ id: tagId, name: 'Mentors' })]);
    expect((await call('POST', `/tag/${tagId}/remove/`, admin.bearer, { user: aliceId })).statusCode).toBe(
      204,
    );
    expect((await call('POST', `/tag/${tagId}/remove/`, admin.bearer, { user: aliceId })).statusCode).toBe(
      204,
    );
    expect(await assigned()).toEqual([]);

    expect((await call('POST', `/tag/${tagId}/assign/`, alice.bearer, { user: aliceId })).statusCode).toBe(
      403,
    );
    expect((await call('POST', `/tag/${tagId}/assign/`, admin.bearer, {})).statusCode).toBe(400);
    // Another community's member cannot carry this tag.
    expect((await call('POST', `/tag/${tagId}/assign/`, admin.bearer, { user: daveId })).statusCode).toBe(
      400,
    );
  });

  it('of another community answer 404, and the area follows the tagging feature', async () => {
    const theirs = await call('POST', '/tag/', owner.bearer, { type: 'user', name: 'Theirs' }, 'other');
    expect(theirs.statusCode, theirs.body).toBe(201);
    const id = theirs.json().id;
    expect((await call('PATCH', `/tag/${id}/`, admin.bearer, { name: 'Mine' })).statusCode).toBe(404);
    expect((await call('POST', `/tag/${id}/assign/`, admin.bearer, { user: aliceId })).statusCode).toBe(404);
    expect((await call('GET', `/tag/${id}/`, admin.bearer)).statusCode).toBe(404);

    await setFlag(t, admin, demoId, 'tagging', false);
    try {
      const off = await call('GET', '/tag/', admin.bearer);
      expect(off.statusCode).toBe(403);
      expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    } finally {
      await setFlag(t, admin, demoId, 'tagging', true);
    }
  });
});

describe('tag colours', () => {
  it('take any hex colour, #rgb or #rrggbb, as SelfCommunity’s SDK sends it', async () => {
    for (const [name, color] of [
      ['Red', '#ff0000'],
      ['Short', '#f00'],
      ['Upper', '#ABCDEF'],
    ] as const) {
      const res = await call('POST', '/tag/', admin.bearer, { type: 'user', name, color });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().color).toBe(color);
    }
    const created = await call('POST', '/tag/', admin.bearer, { type: 'user', name: 'Repainted' });
    const changed = await call('PATCH', `/tag/${created.json().id}/`, admin.bearer, { color: '#0a0' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().color).toBe('#0a0');
    for (const color of ['red', '#ff00', '#gg0000', 'ff0000', '#ff0000ff']) {
      const res = await call('POST', '/tag/', admin.bearer, { type: 'user', name: `Bad ${color}`, color });
      expect(res.statusCode, color).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'color', code: 'invalid' });
    }
  });

  it('keep the palette in the console API', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/tags/add/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ type: 'user', name: 'Console red', color: '#ff0000' }),
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'color', code: 'invalid' });
  });
});
