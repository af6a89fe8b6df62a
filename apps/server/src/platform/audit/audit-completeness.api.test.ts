import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_NAMES, STAFF_ROLES, TAG_PALETTE, type StaffRole } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createMember,
  memberSignIn,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { setFeature } from '../../modules/features/features.repository.ts';
import type { RouteEntry } from '../http/route-table.ts';

/**
 * Audit completeness, generated from the route table: every write route (POST/PUT/PATCH/DELETE) of
 * both community scopes — the console's `/c/{slug}/platform/` and the member API's `/c/{slug}/api/v2/`
 * — called by an allowed staff caller leaves exactly one completed audit entry when it answers < 400
 * and none (nothing pending either) when it answers ≥ 400. Bodies that `{}` would not satisfy come
 * from a small table, and a floor on the routes that succeed keeps the test from passing on refusals.
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Fewest write routes that must succeed (a new route raises the count; refusals must not lower it). */
const MIN_SUCCEEDING = 50;

let t: TestApp;
let demoId: number;
let consoleAdmin: SignedIn;
let memberAdmin: SignedIn;
/** One staff caller per role, for each scope (admin unless a route does not allow it). */
const consoleStaff = {} as Record<StaffRole, SignedIn>;
const memberStaff = {} as Record<StaffRole, SignedIn>;
let routes: RouteEntry[];
const ids = {} as Record<
  'admin' | 'target' | 'other' | 'pending' | 'post' | 'discussion' | 'comment' | 'tag' | 'tag2',
  number
>;

type Input = { body?: unknown; params?: Record<string, string | number> };

/** Valid bodies (and path values) where `{}` and the defaults are refused; keyed `METHOD url`. */
function validInput(route: RouteEntry): Input {
  const tag = { params: { id: ids.tag } };
  const table: Record<string, Input> = {
    'POST /platform/api/v1/two_factor/requirement/': { body: { required: false } },
    'POST /platform/api/v1/dynamic_preference/update/': {
      body: { name: 'application_slogan1', value: 'Audited' },
    },
    'POST /platform/api/v1/registration_alerts/update/': {
      body: { active: true, span: 'daily', threshold: 5, recipients: ['alerts@demo.test'] },
    },
    'POST /platform/api/v1/data_provisioning/dashboard/:userId/': {
      body: { layout: '[]' },
      params: { userId: ids.admin },
    },
    'POST /platform/api/v1/analytics/export/add/': { body: { type: 'users' } },
    'POST /platform/api/v1/analytics/tables/users/assign_tags/': {
      body: { user_ids: [ids.target], tag_ids: [ids.tag] },
    },
    'POST /platform/api/v1/users/manage_roles/': { body: { username: 'target', role: 'moderator' } },
    'POST /platform/api/v1/users/remove_staff/': { body: { username: 'target' } },
    'POST /platform/api/v1/tags/add/': { body: { type: 'user', name: 'Audited tag' } },
    'POST /platform/api/v1/tags/:id/update/': { ...tag, body: { name: 'Audited tag 2' } },
    'POST /platform/api/v1/tags/:id/set_color/': { ...tag, body: { color: TAG_PALETTE[1] } },
    'POST /platform/api/v1/tags/set_active/': { body: { ids: [ids.tag], active: true } },
    'POST /platform/api/v1/tags/:id/assign/': {
      ...tag,
      body: { object_type: 'user', object_ids: [ids.target] },
    },
    'POST /platform/api/v1/tags/:id/unassign/': {
      ...tag,
      body: { object_type: 'user', object_ids: [ids.target] },
    },
    'POST /platform/api/v1/tags/:id/order/': { ...tag, body: { object_ids: [] } },
    'POST /platform/api/v1/tags/addressing/': {
      body: { user_tag_from: ids.tag, actions: ['direct_posts'], user_tag_to: [ids.tag2] },
    },
    'POST /platform/api/v1/users/manage_approval/': { body: { user_id: ids.pending, action: 'approve' } },
    'POST /platform/api/v1/bot/status/': { body: { enabled: true } },
    'POST /platform/api/v1/moderation/flags/:content_type/:content_id/': {
      body: { action: 'ignore' },
      params: { content_type: 'post', content_id: ids.post },
    },
    'POST /platform/api/v1/reputation/add/': { body: { user_id: ids.target, points: 5, comment: 'Audited' } },
    'POST /platform/api/v1/moderation/users/:user_id/': { body: { email_validated: true } },
    'POST /platform/api/v1/moderation/users/:user_id/score/': { body: { points: 3, comment: 'Audited' } },
    'POST /api/v2/account/create/': {
      body: { username: 'signedup', email: 'signedup@members.test', password: 'Signed-up-password-9' },
    },
    'POST /api/v2/sso/signup/': {
      body: { username: 'ssonew', email: 'ssonew@members.test', role: 'editor' },
    },
    'POST /api/v2/tag/': { body: { type: 'user', name: 'Member API tag' } },
    'PUT /api/v2/tag/:id/': { ...tag, body: { type: 'user', name: 'Member API tag 2' } },
    'PATCH /api/v2/tag/:id/': { ...tag, body: { color: TAG_PALETTE[2] } },
    'POST /api/v2/tag/:id/assign/': { ...tag, body: { user: ids.target } },
    'POST /api/v2/tag/:id/add/': { ...tag, body: { user: ids.target } },
    'POST /api/v2/tag/:id/remove/': { ...tag, body: { user: ids.target } },
    'POST /api/v2/post/': { body: { text: 'An audited post' } },
    'POST /api/v2/discussion/': { body: { title: 'An audited discussion', text: 'Body' } },
    'POST /api/v2/comment/': { body: { discussion: ids.discussion, text: 'An audited comment' } },
    'POST /api/v2/post/:id/vote/': { params: { id: ids.post } },
    'POST /api/v2/discussion/:id/vote/': { params: { id: ids.discussion } },
    'POST /api/v2/comment/:id/vote/': { params: { id: ids.comment } },
    'POST /api/v2/post/:id/flag/': { body: { flag_type: 0 }, params: { id: ids.post } },
    'POST /api/v2/discussion/:id/flag/': { body: { flag_type: 0 }, params: { id: ids.discussion } },
    'POST /api/v2/comment/:id/flag/': { body: { flag_type: 0 }, params: { id: ids.comment } },
    'PATCH /api/v2/moderation/contribution/:id/': {
      body: { contribution_type: 'post', action: 'ignore' },
      params: { id: ids.post },
    },
    'PATCH /api/v2/moderation/user/:id/': { body: { status: 'b', days_blocked: 1 } },
    'POST /api/v2/score/': { body: { user_id: ids.target, score: 2, comment: 'Audited' } },
  };
  return table[`${route.method} ${route.url.replace(/^\/c\/:slug/, '')}`] ?? {};
}

function concrete(route: RouteEntry, params: Record<string, string | number>): string {
  return route.url.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    if (name === 'slug') return 'demo';
    if (params[name] !== undefined) return String(params[name]);
    if (name === 'platform') return 'android';
    return String(ids.target);
  });
}

async function entries(): Promise<{ id: number; status: string; route: string }[]> {
  return t.db
    .selectFrom('audit_log')
    .select(['id', 'status', 'route'])
    .where('stack_id', '=', demoId)
    .orderBy('id')
    .execute();
}

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  for (const name of FEATURE_NAMES) await setFeature(t.db, demoId, name, true);
  consoleAdmin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  await createMember(t.db, demoId, 'staffer', 'staffer-password-1', { role: 'admin' });
  memberAdmin = await memberSignIn(t.app, t.db, 'demo', 'staffer', 'staffer-password-1');
  consoleStaff.admin = consoleAdmin;
  memberStaff.admin = memberAdmin;
  for (const role of STAFF_ROLES.filter((r) => r !== 'admin')) {
    const account = await createAccount(t.db, `c-${role}`, `${role}-password-1`);
    await addStaff(t.db, demoId, account, `c-${role}`, role);
    consoleStaff[role] = await signIn(t.app, `c-${role}`, `${role}-password-1`);
    await createMember(t.db, demoId, `m-${role}`, `${role}-password-1`, { role });
    memberStaff[role] = await memberSignIn(t.app, t.db, 'demo', `m-${role}`, `${role}-password-1`);
  }
  ids.target = await createMember(t.db, demoId, 'target', 'target-password-1');
  ids.other = await createMember(t.db, demoId, 'other', 'other-password-1');
  ids.pending = await createMember(t.db, demoId, 'waiting', 'waiting-password-1', { status: 'pending' });
  ids.admin = (
    await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  const author = await memberSignIn(t.app, t.db, 'demo', 'other', 'other-password-1');
  const make = async (who: SignedIn, url: string, body: unknown): Promise<number> => {
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { ...who.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    if (res.statusCode >= 400) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    const json = res.body ? res.json() : {};
    return Number(json.data?.id ?? json.id);
  };
  ids.post = await make(author, '/c/demo/api/v2/post/', { text: 'A post to act on' });
  ids.discussion = await make(author, '/c/demo/api/v2/discussion/', { title: 'To act on', text: 'Body' });
  ids.comment = await make(author, '/c/demo/api/v2/comment/', { discussion: ids.discussion, text: 'Hi' });
  await make(memberAdmin, `/c/demo/api/v2/post/${ids.post}/flag/`, { flag_type: 1 });
  const tagUrl = '/c/demo/platform/api/v1/tags/add/';
  ids.tag = await make(consoleAdmin, tagUrl, { type: 'user', name: 'Fixture tag' });
  ids.tag2 = await make(consoleAdmin, tagUrl, { type: 'user', name: 'Fixture tag 2' });
  routes = t.app.routeTable.entries.filter(
    (r) =>
      WRITES.has(r.method) &&
      !r.signedLink &&
      (r.url.startsWith('/c/:slug/platform/') || r.url.startsWith('/c/:slug/api/v2/')),
  );
});
afterAll(() => t.close());

describe('audit completeness (every staff write route of both community scopes)', () => {
  it('records exactly one entry for each success and none for each refusal', async () => {
    const failures: string[] = [];
    const outcomes: string[] = [];
    let succeeded = 0;
    for (const route of routes) {
      const { body = {}, params = {} } = validInput(route);
      const member = route.url.startsWith('/c/:slug/api/v2/');
      const allowed = (member ? route.member : route.roles) as readonly StaffRole[] | string | undefined;
      const role: StaffRole =
        Array.isArray(allowed) && !allowed.includes('admin') && allowed[0] ? allowed[0] : 'admin';
      const who = (member ? memberStaff : consoleStaff)[role];
      const before = await entries();
      const res = await t.app.inject({
        method: route.method as 'POST',
        url: concrete(route, params),
        headers: { ...who.bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
      const added = (await entries()).filter((e) => !before.some((b) => b.id === e.id));
      const label = `${route.method} ${route.url} → ${res.statusCode}`;
      outcomes.push(`${label} ${res.statusCode >= 400 ? res.body.slice(0, 160) : ''}`);
      if (res.statusCode < 400) {
        succeeded++;
        if (added.length !== 1 || added[0]?.status !== 'completed') {
          failures.push(`${label}: ${added.length} entries (${added.map((e) => e.status).join(', ')})`);
        }
      } else if (added.length !== 0) {
        failures.push(`${label}: ${added.length} entries left by a refusal`);
      }
    }
    expect(failures).toEqual([]);
    // Not a pass by refusals: most write routes must really have run (see `outcomes` when this fails).
    expect({ succeeded: succeeded >= MIN_SUCCEEDING, outcomes }).toMatchObject({ succeeded: true });
    console.info(`audit completeness: ${succeeded} of ${routes.length} write routes succeeded`);
  });
});
