import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SCORE_POINTS, SCORE_ACTIONS, SCORING_MESSAGES } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  errorsOf,
  signIn,
  type SignedIn,
  setFlag,
  communityWithRoles,
  MODERATOR_PASSWORD,
} from '../../test-support/fixtures.ts';
import { awardPoints } from './scoring.service.ts';
import './scoring.tables.ts';

const BASE = '/c/demo/platform/api/v1/reputation';
const OTHER = '/c/other/platform/api/v1/reputation';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let member: number;
let outsider: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
  member = await addStaff(t.db, demoId, null, 'mario', null);
  outsider = await addStaff(t.db, otherId, null, 'luigi', null);
});
afterAll(() => t.close());
beforeEach(async () => {
  // Tests advance the clock past the tokens' lifetime: sign in afresh.
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'ed', 'editor-password-1');
  moderator = await signIn(t.app, 'mod', MODERATOR_PASSWORD);
  owner = await signIn(t.app, 'owner', 'owner-password-1');
  await t.db.deleteFrom('score_history').execute();
  await t.db.deleteFrom('score_config').execute();
  await t.db.updateTable('community_users').set({ score: 0 }).execute();
});

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const scoreOf = async (id: number) =>
  (await t.db.selectFrom('community_users').select('score').where('id', '=', id).executeTakeFirstOrThrow())
    .score;
const historyCount = async () =>
  Number(
    (
      await t.db
        .selectFrom('score_history')
        .select((e) => e.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
describe('configuration', () => {
  it('answers the defaults, then saves a partial change', async () => {
    const first = await get('config/');
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toEqual({ max_daily_points: 100, points: DEFAULT_SCORE_POINTS });
    const saved = await post('config/', { max_daily_points: 30, points: { publish_post: 7, app_used: 0 } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.points.publish_post).toBe(7);
    const again = (await get('config/')).json().data;
    expect(again.max_daily_points).toBe(30);
    expect(again.points).toEqual({ ...DEFAULT_SCORE_POINTS, publish_post: 7 });
  });

  it('refuses zero for the green actions, accepts it for the others', async () => {
    const res = await post('config/', {
      points: { publish_article: 0, like_reply_received: 0, daily_visit: 0 },
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.body);
    expect(errors.map((e) => e.field).sort()).toEqual([
      'points.like_reply_received',
      'points.publish_article',
    ]);
    expect(errors[0]?.message).toBe(SCORING_MESSAGES.zeroRefused);
    expect((await get('config/')).json().data.points.publish_article).toBe(10);
    expect((await post('config/', { points: { daily_visit: 0, connection: 0 } })).statusCode).toBe(200);
  });

  it('refuses non-integers, out-of-range values, a positive penalty, unknown actions and a bad cap', async () => {
    const res = await post('config/', {
      max_daily_points: -1,
      points: { publish_post: 1.5, publish_comment: 1001, content_removed: 5, bogus: 1, connection: '3' },
    });
    expect(res.statusCode).toBe(400);
    const byField = Object.fromEntries(errorsOf(res.body).map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      max_daily_points: SCORING_MESSAGES.invalidDaily,
      'points.publish_post': SCORING_MESSAGES.invalidPoints,
      'points.publish_comment': SCORING_MESSAGES.invalidPoints,
      'points.content_removed': SCORING_MESSAGES.penaltyPositive,
      'points.bogus': 'Unknown action: bogus.',
      'points.connection': SCORING_MESSAGES.invalidPoints,
    });
    expect(await t.db.selectFrom('score_config').selectAll().execute()).toEqual([]);
  });

  it('lists the 13 action types', async () => {
    const res = await get('types/');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([...SCORE_ACTIONS]);
    expect(res.json().data).toHaveLength(13);
  });
});

describe('manual points', () => {
  it('adds and subtracts points with a comment, writing history and the score', async () => {
    const res = await post('add/', { user_id: member, points: 50, comment: ' Great answers ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      score: 50,
      entry: {
        points: 50,
        total_after: 50,
        action: 'manual',
        note: 'Great answers',
        by_staff_username: 'admin',
      },
    });
    const minus = await post('add/', { user_id: member, points: -80, comment: 'Spam' });
    expect(minus.json().data.score).toBe(-30);
    expect(await scoreOf(member)).toBe(-30);
  });

  it('requires a valid score and a comment', async () => {
    for (const points of [0, 1.5, 10001, -10001, '5', undefined]) {
      const res = await post('add/', { user_id: member, points, comment: 'x' });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.body)).toEqual([
        expect.objectContaining({ field: 'points', message: SCORING_MESSAGES.invalidScore }),
      ]);
    }
    for (const comment of ['', '   ', undefined]) {
      const res = await post('add/', { user_id: member, points: 5, comment });
      expect(errorsOf(res.body)).toEqual([
        expect.objectContaining({ field: 'comment', message: SCORING_MESSAGES.commentRequired }),
      ]);
    }
    const long = await post('add/', { user_id: member, points: 5, comment: 'a'.repeat(501) });
    expect(errorsOf(long.body)[0]?.message).toBe(SCORING_MESSAGES.commentTooLong);
    expect((await post('add/', { user_id: member, points: 10000, comment: 'max' })).statusCode).toBe(200);
    expect(await scoreOf(member)).toBe(10000);
    expect(await historyCount()).toBe(1);
  });

  it('answers 404 for a user of another community, writing nothing', async () => {
    const res = await post('add/', { user_id: outsider, points: 5, comment: 'x' });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res.body)[0]?.message).toBe(SCORING_MESSAGES.userNotFound);
    expect(await scoreOf(outsider)).toBe(0);
    expect((await get(`history/${outsider}/`)).statusCode).toBe(404);
  });
});

describe('history', () => {
  it('lists newest first with action, date and paging filters', async () => {
    await awardPoints(t, demoId, member, 'publish_post', new Date('2026-01-01T10:00:00Z'));
    await awardPoints(t, demoId, member, 'publish_article', new Date('2026-01-02T10:00:00Z'));
    await awardPoints(t, demoId, member, 'content_removed', new Date('2026-01-03T10:00:00Z'));
    const all = (await get(`history/${member}/`)).json().data;
    expect(all.user).toEqual({ id: member, username: 'mario', score: 5 });
    expect(all.count).toBe(3);
    expect(all.results.map((r: { action: string }) => r.action)).toEqual([
      'content_removed',
      'publish_article',
      'publish_post',
    ]);
    expect(all.results.map((r: { total_after: number }) => r.total_after)).toEqual([5, 15, 5]);
    const byAction = (await get(`history/${member}/?action=publish_article`)).json().data;
    expect(byAction.count).toBe(1);
    expect(byAction.results[0].points).toBe(10);
    const byDate = (await get(`history/${member}/?from=2026-01-02&to=2026-01-02`)).json().data;
    expect(byDate.results.map((r: { action: string }) => r.action)).toEqual(['publish_article']);
    const page = (await get(`history/${member}/?limit=1&offset=1`)).json().data;
    expect(page.count).toBe(3);
    expect(page.results.map((r: { action: string }) => r.action)).toEqual(['publish_article']);
    expect((await get(`history/${member}/?from=nope`)).statusCode).toBe(400);
    expect((await get(`history/${member}/?from=2026-01-03&to=2026-01-01`)).statusCode).toBe(400);
    expect((await get(`history/${member}/?action=bogus`)).statusCode).toBe(400);
  });
});

describe('awardPoints', () => {
  it('gives the configured points and nothing for an action worth zero', async () => {
    const at = t.clock.now();
    expect(await awardPoints(t, demoId, member, 'publish_article', at)).toEqual({ points: 10, score: 10 });
    expect(await awardPoints(t, demoId, member, 'app_used', at)).toEqual({ points: 0, score: 10 });
    expect(await historyCount()).toBe(1);
  });

  it('holds the daily cap across many actions, always applies the penalty and resets the next day', async () => {
    const cfg = { max_daily_points: 12, points: { publish_post: 5, like_post_received: 1 } };
    expect((await post('config/', cfg)).statusCode).toBe(200);
    // Start of a UTC day, so that advancing by hours stays inside it.
    const now = t.clock.now();
    t.clock.advance((86_400_000 - (now.getTime() % 86_400_000)) / 1000);
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const given: number[] = [];
    for (let i = 0; i < 5; i++) {
      given.push((await awardPoints(t, demoId, member, 'publish_post', t.clock.now())).points);
      t.clock.advance(600);
    }
    expect(given).toEqual([5, 5, 2, 0, 0]);
    expect((await awardPoints(t, demoId, member, 'like_post_received', t.clock.now())).points).toBe(0);
    expect(await scoreOf(member)).toBe(12);
    // Manual points do not count towards the cap, and the penalty is always applied.
    expect((await post('add/', { user_id: member, points: 100, comment: 'bonus' })).statusCode).toBe(200);
    const penalty = await awardPoints(t, demoId, member, 'content_removed', t.clock.now());
    expect(penalty).toEqual({ points: -10, score: 102 });
    expect((await awardPoints(t, demoId, member, 'publish_post', t.clock.now())).points).toBe(0);
    // The next day the cap starts again.
    t.clock.advance(86_400);
    expect((await awardPoints(t, demoId, member, 'publish_post', t.clock.now())).points).toBe(5);
    expect(await scoreOf(member)).toBe(107);
    // Another user has his own cap.
    const other = await addStaff(t.db, demoId, null, 'peach', null);
    expect((await awardPoints(t, demoId, other, 'publish_post', t.clock.now())).points).toBe(5);
  });

  it('gives everything when the cap is 0 (no limit)', async () => {
    expect((await post('config/', { max_daily_points: 0 })).statusCode).toBe(200);
    for (let i = 0; i < 20; i++) await awardPoints(t, demoId, member, 'publish_article', t.clock.now());
    expect(await scoreOf(member)).toBe(200);
  });

  it('refuses a user of another community', async () => {
    await expect(awardPoints(t, demoId, outsider, 'publish_post', t.clock.now())).rejects.toThrow(
      SCORING_MESSAGES.userNotFound,
    );
  });
});

describe('permissions', () => {
  // Users scoring is "reputation", a Marketing call (core §7): the editor's too, not the moderator's.
  it('lets editors in, refuses moderators (403), another community (404) and answers feature_disabled', async () => {
    expect((await get('config/', editor)).statusCode).toBe(200);
    expect((await get('types/', editor)).statusCode).toBe(200);
    for (const who of [moderator]) {
      expect((await get('config/', who)).statusCode).toBe(403);
      expect((await post('config/', { max_daily_points: 1 }, who)).statusCode).toBe(403);
      expect((await post('add/', { user_id: member, points: 5, comment: 'x' }, who)).statusCode).toBe(403);
      expect((await get(`history/${member}/`, who)).statusCode).toBe(403);
      expect((await get('types/', who)).statusCode).toBe(403);
    }
    expect((await get('config/', admin, OTHER)).statusCode).toBe(404);
    expect(
      (await post('add/', { user_id: outsider, points: 5, comment: 'x' }, admin, OTHER)).statusCode,
    ).toBe(404);
    expect((await get('config/', owner, BASE)).statusCode).toBe(404);
    expect(await historyCount()).toBe(0);
    expect(await t.db.selectFrom('score_config').selectAll().execute()).toEqual([]);
    expect(await scoreOf(member)).toBe(0);
    await setFlag(t, admin, demoId, 'scoring', false);
    try {
      const off = await get('config/');
      expect(off.statusCode).toBe(403);
      expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
      expect((await post('add/', { user_id: member, points: 5, comment: 'x' })).statusCode).toBe(403);
      expect(await scoreOf(member)).toBe(0);
    } finally {
      await setFlag(t, admin, demoId, 'scoring', true);
    }
    expect((await get('config/')).statusCode).toBe(200);
  });
});
