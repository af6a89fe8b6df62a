import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import { createHmac } from 'node:crypto';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { addStaff, createAccount, createStack, signIn, type SignedIn } from '../test-support/fixtures.ts';
import { seedActivity } from '../test-support/activity-fixture.ts';
import { loadCubeModel } from './cube-model.ts';

let t: TestApp;
let acmeId: number;
let otherId: number;
let admin: SignedIn;
let token: string;

async function signinToken(who: SignedIn, slug = 'acme') {
  return t.app.inject({
    method: 'POST',
    url: `/c/${slug}/platform/api/v1/auth/community_signin/`,
    headers: who.bearer,
  });
}

async function load(
  query: unknown,
  options: { token?: string; slug?: string; method?: 'GET' | 'POST' } = {},
) {
  const headers = { authorization: options.token ?? token };
  const url = `/c/${options.slug ?? 'acme'}/cubejs-api/v1/load`;
  if (options.method === 'POST') return t.app.inject({ method: 'POST', url, headers, payload: { query } });
  return t.app.inject({ method: 'GET', url, headers, query: { query: JSON.stringify(query) } });
}

async function handSql(text: string, params: unknown[]): Promise<Array<Record<string, unknown>>> {
  return (await t.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, params))).rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  acmeId = await createStack(t.db, 'acme', 'Acme');
  otherId = await createStack(t.db, 'rival', 'Rival');
  await addStaff(t.db, acmeId, await createAccount(t.db, 'boss', 'boss-password-1'), 'boss', 'admin');
  await addStaff(t.db, acmeId, await createAccount(t.db, 'pub', 'pub-password-1'), 'pub', 'publisher');
  await addStaff(t.db, acmeId, await createAccount(t.db, 'mod', 'mod-password-1'), 'mod', 'moderator');
  await addStaff(
    t.db,
    otherId,
    await createAccount(t.db, 'rivalboss', 'rival-password-1'),
    'rivalboss',
    'admin',
  );
  await seedActivity(t.db, acmeId, { seed: 7 });
  // Another community's rows must never be counted.
  await seedActivity(t.db, otherId, { seed: 99, members: 15 });
  admin = await signIn(t.app, 'boss', 'boss-password-1');
  const res = await signinToken(admin);
  token = res.json().data.data.data_provisioning_token;
});

afterAll(async () => {
  await t.close();
});

/**
 * Hand-written SQL for every measure of the model: its table, aggregate and condition, and the time
 * column to bucket by. Written out here on purpose, independent of the YAML files. A filtered measure
 * counts within every group of its cube (a week without polls shows 0 polls), as Cube does.
 */
const MEASURES: Record<
  string,
  { table: string; agg: string; where?: string; time: string; timeDim: string }
> = {
  'Users.count': {
    table: 'community_users',
    agg: 'count(*)',
    where: 'role IS NULL',
    time: 'created_at',
    timeDim: 'Users.registeredAt',
  },
  'Users.newRegistrations': {
    table: 'community_users',
    agg: 'count(*)',
    where: 'role IS NULL',
    time: 'created_at',
    timeDim: 'Users.registeredAt',
  },
  'Users.fromDesktop': {
    table: 'community_users',
    agg: "count(*) FILTER (WHERE registered_from = 'desktop')",
    where: 'role IS NULL',
    time: 'created_at',
    timeDim: 'Users.registeredAt',
  },
  'Users.fromApp': {
    table: 'community_users',
    agg: "count(*) FILTER (WHERE registered_from = 'app')",
    where: 'role IS NULL',
    time: 'created_at',
    timeDim: 'Users.registeredAt',
  },
  'Logins.count': { table: 'logins', agg: 'count(*)', time: 'at', timeDim: 'Logins.at' },
  'Logins.uniqueUsers': { table: 'logins', agg: 'count(DISTINCT user_id)', time: 'at', timeDim: 'Logins.at' },
  'Contributions.count': {
    table: 'contributions',
    agg: 'count(*)',
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Contributions.posts': {
    table: 'contributions',
    agg: "count(*) FILTER (WHERE type = 'post')",
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Contributions.discussions': {
    table: 'contributions',
    agg: "count(*) FILTER (WHERE type = 'discussion')",
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Contributions.statuses': {
    table: 'contributions',
    agg: "count(*) FILTER (WHERE type = 'status')",
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Contributions.polls': {
    table: 'contributions',
    agg: "count(*) FILTER (WHERE type = 'poll')",
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Contributions.contributors': {
    table: 'contributions',
    agg: 'count(DISTINCT author_id)',
    time: 'created_at',
    timeDim: 'Contributions.createdAt',
  },
  'Comments.count': { table: 'comments', agg: 'count(*)', time: 'created_at', timeDim: 'Comments.createdAt' },
  'Comments.commenters': {
    table: 'comments',
    agg: 'count(DISTINCT author_id)',
    time: 'created_at',
    timeDim: 'Comments.createdAt',
  },
  'Votes.count': { table: 'votes', agg: 'count(*)', time: 'created_at', timeDim: 'Votes.createdAt' },
  'Votes.voters': {
    table: 'votes',
    agg: 'count(DISTINCT user_id)',
    time: 'created_at',
    timeDim: 'Votes.createdAt',
  },
  'Shares.count': { table: 'shares', agg: 'count(*)', time: 'created_at', timeDim: 'Shares.createdAt' },
  'Connections.count': {
    table: 'connections',
    agg: 'count(*)',
    time: 'created_at',
    timeDim: 'Connections.createdAt',
  },
  'Follows.count': { table: 'follows', agg: 'count(*)', time: 'created_at', timeDim: 'Follows.createdAt' },
  'PrivateMessages.count': {
    table: 'private_messages',
    agg: 'count(*)',
    time: 'created_at',
    timeDim: 'PrivateMessages.createdAt',
  },
  'PrivateMessages.senders': {
    table: 'private_messages',
    agg: 'count(DISTINCT sender_id)',
    time: 'created_at',
    timeDim: 'PrivateMessages.createdAt',
  },
  'Views.count': { table: 'views', agg: 'count(*)', time: 'created_at', timeDim: 'Views.createdAt' },
  'Views.viewers': {
    table: 'views',
    agg: 'count(DISTINCT user_id)',
    time: 'created_at',
    timeDim: 'Views.createdAt',
  },
  'Uploads.count': { table: 'uploads', agg: 'count(*)', time: 'created_at', timeDim: 'Uploads.createdAt' },
  'Uploads.bytes': { table: 'uploads', agg: 'sum(bytes)', time: 'created_at', timeDim: 'Uploads.createdAt' },
  'PollVotes.count': {
    table: 'poll_votes',
    agg: 'count(*)',
    time: 'created_at',
    timeDim: 'PollVotes.createdAt',
  },
  'PollVotes.voters': {
    table: 'poll_votes',
    agg: 'count(DISTINCT user_id)',
    time: 'created_at',
    timeDim: 'PollVotes.createdAt',
  },
  'Categories.count': {
    table: 'categories',
    agg: 'count(*)',
    time: 'created_at',
    timeDim: 'Categories.createdAt',
  },
};

describe('every measure of the model equals hand-written SQL', () => {
  it('lists every measure of the model above', () => {
    const model = loadCubeModel();
    const all = [...model.cubes.values()].flatMap((c) => [...c.measures.values()].map((m) => m.path));
    expect(Object.keys(MEASURES).sort()).toEqual(all.sort());
  });

  for (const [measure, spec] of Object.entries(MEASURES)) {
    it(`${measure}: total, and per ISO week in Europe/Rome over a date range`, async () => {
      const where = `stack_id = $1${spec.where ? ` AND ${spec.where}` : ''}`;
      const [total] = await handSql(`SELECT ${spec.agg} AS v FROM ${spec.table} WHERE ${where}`, [acmeId]);
      const res = await load({ measures: [measure] });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.data).toHaveLength(1);
      expect(Number(body.data[0][measure])).toBe(Number(total?.v));
      expect(Number(total?.v)).toBeGreaterThan(0);

      const weekly = await handSql(
        `SELECT to_char(date_trunc('week', ${spec.time} AT TIME ZONE 'Europe/Rome'), 'YYYY-MM-DD') AS w, ${spec.agg} AS v
         FROM ${spec.table}
         WHERE ${where} AND ${spec.time} >= TIMESTAMPTZ '2026-09-01 00:00:00 Europe/Rome'
           AND ${spec.time} < TIMESTAMPTZ '2026-11-01 00:00:00 Europe/Rome'
         GROUP BY 1 ORDER BY 1`,
        [acmeId],
      );
      const bucketed = await load({
        measures: [measure],
        timeDimensions: [
          { dimension: spec.timeDim, granularity: 'week', dateRange: ['2026-09-01', '2026-10-31'] },
        ],
        timezone: 'Europe/Rome',
      });
      expect(bucketed.statusCode).toBe(200);
      const rows = bucketed.json().data as Array<Record<string, string>>;
      expect(rows.map((r) => [r[`${spec.timeDim}.week`]?.slice(0, 10), Number(r[measure])])).toEqual(
        weekly.map((r) => [r.w, Number(r.v)]),
      );
    });
  }
});

describe('/load', () => {
  it('answers in Cube format (annotation, both time keys, string measures) by GET and POST', async () => {
    const query = {
      measures: ['Contributions.count'],
      timeDimensions: [
        {
          dimension: 'Contributions.createdAt',
          granularity: 'month',
          dateRange: ['2026-09-01', '2026-10-31'],
        },
      ],
    };
    const res = await load(query, { method: 'POST' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      dataSource: 'default',
      dbType: 'postgres',
      external: false,
      slowQuery: false,
    });
    expect(body.query.timeDimensions[0].dateRange).toEqual([
      '2026-09-01T00:00:00.000',
      '2026-10-31T23:59:59.999',
    ]);
    expect(body.annotation.measures['Contributions.count']).toMatchObject({
      title: 'Contributions Count',
      shortTitle: 'Count',
      type: 'number',
    });
    expect(Object.keys(body.annotation.timeDimensions)).toEqual([
      'Contributions.createdAt.month',
      'Contributions.createdAt',
    ]);
    expect(body.data.map((r: Record<string, string>) => r['Contributions.createdAt.month'])).toEqual([
      '2026-09-01T00:00:00.000',
      '2026-10-01T00:00:00.000',
    ]);
    expect(body.data[0]['Contributions.createdAt']).toBe('2026-09-01T00:00:00.000');
    expect(typeof body.data[0]['Contributions.count']).toBe('string');
    const get = await load(query);
    expect(get.json().data).toEqual(body.data);
  });

  it('joins Users and Categories only when their members are used, and matches hand SQL', async () => {
    const res = await load({
      measures: ['Contributions.count', 'Users.count'],
      dimensions: ['Users.registeredFrom', 'Categories.name'],
      order: [
        ['Users.registeredFrom', 'asc'],
        ['Categories.name', 'asc'],
      ],
    });
    expect(res.statusCode).toBe(200);
    const expected = await handSql(
      `SELECT u.registered_from AS f, cat.name AS n, count(*) AS c, count(DISTINCT u.id) AS u
       FROM contributions c
       LEFT JOIN community_users u ON u.id = c.author_id AND u.stack_id = $1 AND u.role IS NULL
       LEFT JOIN categories cat ON cat.id = c.category_id AND cat.stack_id = $1
       WHERE c.stack_id = $1 GROUP BY 1, 2 ORDER BY 1 ASC, 2 ASC`,
      [acmeId],
    );
    expect(
      res
        .json()
        .data.map((r: Record<string, string | null>) => [
          r['Users.registeredFrom'],
          r['Categories.name'],
          Number(r['Contributions.count']),
          Number(r['Users.count']),
        ]),
    ).toEqual(expected.map((r) => [r.f, r.n, Number(r.c), Number(r.u)]));
  });

  it('filters with and/or groups, measure filters (HAVING), order, offset and total', async () => {
    const res = await load({
      measures: ['Contributions.count'],
      dimensions: ['Contributions.authorId'],
      filters: [
        {
          or: [
            { member: 'Contributions.type', operator: 'equals', values: ['post'] },
            { member: 'Contributions.type', operator: 'equals', values: ['poll'] },
          ],
        },
        { member: 'Contributions.count', operator: 'gte', values: ['2'] },
      ],
      order: { 'Contributions.count': 'desc', 'Contributions.authorId': 'asc' },
      limit: 3,
      offset: 1,
      total: true,
    });
    expect(res.statusCode).toBe(200);
    const expected = await handSql(
      `SELECT author_id AS a, count(*) AS c FROM contributions WHERE stack_id = $1 AND type IN ('post', 'poll')
       GROUP BY 1 HAVING count(*) >= 2 ORDER BY 2 DESC, 1 ASC`,
      [acmeId],
    );
    const body = res.json();
    expect(body.total).toBe(expected.length);
    expect(
      body.data.map((r: Record<string, string>) => [
        r['Contributions.authorId'],
        Number(r['Contributions.count']),
      ]),
    ).toEqual(expected.slice(1, 4).map((r) => [r.a, Number(r.c)]));
  });

  it('clamps the limit at 10000 and defaults to 100 rows', async () => {
    const many = await load({ dimensions: ['Logins.at'], limit: 50000 });
    expect(many.statusCode).toBe(200);
    expect(many.json().query.limit).toBe(10000);
    const [count] = await handSql('SELECT count(DISTINCT at) AS c FROM logins WHERE stack_id = $1', [acmeId]);
    expect(many.json().data).toHaveLength(Number(count?.c));
    const byDefault = await load({ dimensions: ['Logins.at'] });
    expect(byDefault.json().data).toHaveLength(100);
    expect(byDefault.json().query.limit).toBe(100);
  });

  it("moves a login across a day boundary with the query's timezone", async () => {
    const stackId = await createStack(t.db, 'tz', 'Tz');
    await addStaff(
      t.db,
      stackId,
      await createAccount(t.db, 'tzboss', 'tzboss-password-1'),
      'tzboss',
      'admin',
    );
    await t.db
      .insertInto('logins')
      .values([
        { stack_id: stackId, user_id: 1, at: '2026-03-10T23:30:00Z', source: 'desktop' },
        { stack_id: stackId, user_id: 2, at: '2026-03-10T12:00:00Z', source: 'desktop' },
      ])
      .execute();
    const tzToken = (await signinToken(await signIn(t.app, 'tzboss', 'tzboss-password-1'), 'tz')).json().data
      .data.data_provisioning_token as string;
    const query = (timezone: string) => ({
      measures: ['Logins.count'],
      timeDimensions: [
        { dimension: 'Logins.at', granularity: 'day', dateRange: ['2026-03-01', '2026-03-31'] },
      ],
      timezone,
    });
    const utc = await load(query('UTC'), { token: tzToken, slug: 'tz' });
    expect(
      utc.json().data.map((r: Record<string, string>) => [r['Logins.at.day'], r['Logins.count']]),
    ).toEqual([['2026-03-10T00:00:00.000', '2']]);
    const rome = await load(query('Europe/Rome'), { token: tzToken, slug: 'tz' });
    expect(
      rome.json().data.map((r: Record<string, string>) => [r['Logins.at.day'], r['Logins.count']]),
    ).toEqual([
      ['2026-03-10T00:00:00.000', '1'],
      ['2026-03-11T00:00:00.000', '1'],
    ]);
    // The dateRange is a whole local day: 23:30 UTC on the 10th is the 11th in Rome.
    const day = await load(
      {
        measures: ['Logins.count'],
        timeDimensions: [{ dimension: 'Logins.at', dateRange: ['2026-03-10', '2026-03-10'] }],
        timezone: 'Europe/Rome',
      },
      { token: tzToken, slug: 'tz' },
    );
    expect(day.json().data[0]['Logins.count']).toBe('1');
  });

  it('answers compareDateRange with one result per range', async () => {
    const res = await load({
      measures: ['Views.count'],
      timeDimensions: [
        {
          dimension: 'Views.createdAt',
          granularity: 'month',
          compareDateRange: [
            ['2026-10-01', '2026-10-31'],
            ['2026-09-01', '2026-09-30'],
          ],
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.queryType).toBe('compareDateRangeQuery');
    expect(body.results).toHaveLength(2);
    const expected = await handSql(
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS m, count(*) AS c
       FROM views WHERE stack_id = $1 AND created_at >= '2026-09-01T00:00:00Z' AND created_at < '2026-11-01T00:00:00Z'
       GROUP BY 1 ORDER BY 1 DESC`,
      [acmeId],
    );
    expect(
      body.results.map((r: { data: Array<Record<string, string>> }) => Number(r.data[0]?.['Views.count'])),
    ).toEqual(expected.map((r) => Number(r.c)));
    expect(body.results[0].data[0].compareDateRange).toBe(
      '2026-10-01T00:00:00.000 - 2026-10-31T23:59:59.999',
    );
    expect(body.pivotQuery.dimensions).toEqual(['compareDateRange']);
  });

  it('refuses unknown members and bad queries with 400 and a clear message', async () => {
    const unknown = await load({ measures: ['Users.nope'] });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error).toBe("'nope' not found for path 'Users.nope'");
    expect(unknown.json().errors[0].code).toBe('invalid_query');
    expect((await load({ measures: ['Nope.count'] })).statusCode).toBe(400);
    expect((await load({ dimensions: ['Users.count'] })).statusCode).toBe(400);
    expect((await load({ measures: ['Users.count'], timezone: 'Mars/Olympus' })).statusCode).toBe(400);
    const badRange = await load({
      measures: ['Users.count'],
      timeDimensions: [{ dimension: 'Users.registeredAt', dateRange: 'next blue moon' }],
    });
    expect(badRange.statusCode).toBe(400);
    expect(badRange.json().error).toContain('next blue moon');
    const noPath = await load({ measures: ['Logins.count', 'Votes.count'] });
    expect(noPath.statusCode).toBe(400);
    expect(noPath.json().error).toContain("Can't find join path");
    const notJson = await t.app.inject({
      method: 'GET',
      url: '/c/acme/cubejs-api/v1/load?query=%7Bnope',
      headers: { authorization: token },
    });
    expect(notJson.statusCode).toBe(400);
  });

  it('keeps injection attempts as bound values', async () => {
    const res = await load({
      measures: ['Users.count'],
      filters: [{ member: 'Users.username', operator: 'equals', values: ["x' OR '1'='1"] }],
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]['Users.count']).toBe('0');
    const like = await load({
      measures: ['Users.count'],
      filters: [{ member: 'Users.username', operator: 'contains', values: ['%'] }],
    });
    expect(like.json().data[0]['Users.count']).toBe('0');
  });
});

describe('/meta', () => {
  it("lists the model's cubes in Cube's format", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/acme/cubejs-api/v1/meta',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(200);
    const users = res.json().cubes.find((c: { name: string }) => c.name === 'Users');
    expect(users.title).toBe('Users');
    expect(users.measures.find((m: { name: string }) => m.name === 'Users.fromApp')).toMatchObject({
      title: 'Users Registered from app',
      shortTitle: 'Registered from app',
      type: 'number',
      aggType: 'count',
    });
    expect(users.dimensions.find((d: { name: string }) => d.name === 'Users.registeredAt')).toMatchObject({
      type: 'time',
    });
    expect(users.segments).toEqual([]);
  });
});

describe('the data-provisioning token', () => {
  const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

  it('is a 1-hour HS256 JWT for the caller in this community', async () => {
    const res = await signinToken(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.data.expires_in).toBe(3600);
    const [head, body] = (res.json().data.data.data_provisioning_token as string).split('.');
    expect(JSON.parse(Buffer.from(head as string, 'base64url').toString())).toEqual({
      alg: 'HS256',
      typ: 'JWT',
    });
    const claims = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    const staff = await t.db
      .selectFrom('community_users')
      .select(['id', 'role'])
      .where('username', '=', 'boss')
      .executeTakeFirstOrThrow();
    expect(claims).toMatchObject({ stack_id: acmeId, sub: staff.id, role: 'admin' });
    expect(claims.exp - claims.iat).toBe(3600);
    const secret = await t.db
      .selectFrom('stack_secrets')
      .select('sealed')
      .where('stack_id', '=', acmeId)
      .where('name', '=', 'data_provisioning_key')
      .executeTakeFirstOrThrow();
    expect(secret.sealed.startsWith('v1.')).toBe(true);
  });

  it('is refused to a publisher, a moderator and staff of another community', async () => {
    const pub = await signinToken(await signIn(t.app, 'pub', 'pub-password-1'));
    expect(pub.statusCode).toBe(403);
    // Analytics is not a moderator's (spec mgmt §6).
    const mod = await signinToken(await signIn(t.app, 'mod', 'mod-password-1'));
    expect(mod.statusCode).toBe(403);
    const rival = await signinToken(await signIn(t.app, 'rivalboss', 'rival-password-1'));
    expect(rival.statusCode).toBe(404);
    expect((await signinToken(admin, 'acme')).statusCode).toBe(200);
  });

  it('refuses missing, forged, foreign and expired tokens with 403 invalid_token', async () => {
    const expectInvalid = async (res: Awaited<ReturnType<typeof load>>) => {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ error: 'Invalid token', errors: [{ code: 'invalid_token' }] });
    };
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: '' }));
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: 'garbage' }));
    await expectInvalid(await t.app.inject({ method: 'GET', url: '/c/acme/cubejs-api/v1/meta' }));
    // Forged: claims changed, or signed with another key.
    const [head, body, signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(body as string, 'base64url').toString());
    await expectInvalid(
      await load(
        { measures: ['Users.count'] },
        { token: `${head}.${b64({ ...claims, exp: claims.exp + 86400 })}.${signature}` },
      ),
    );
    const forgedHead = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}`;
    const forged = `${forgedHead}.${createHmac('sha256', 'guess').update(forgedHead).digest('base64url')}`;
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: forged }));
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`;
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: none }));
    // Another community's token, at this community's url and at an unknown one.
    const rival = (await signinToken(await signIn(t.app, 'rivalboss', 'rival-password-1'), 'rival')).json()
      .data.data.data_provisioning_token as string;
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: rival }));
    expect((await load({ measures: ['Users.count'] }, { token: rival, slug: 'rival' })).statusCode).toBe(200);
    await expectInvalid(await load({ measures: ['Users.count'] }, { slug: 'nowhere' }));
    // Bearer prefix accepted; expired after one hour.
    const fresh = (await signinToken(admin)).json().data.data.data_provisioning_token as string;
    expect((await load({ measures: ['Users.count'] }, { token: `Bearer ${fresh}` })).statusCode).toBe(200);
    t.clock.advance(3599);
    expect((await load({ measures: ['Users.count'] }, { token: fresh })).statusCode).toBe(200);
    t.clock.advance(2);
    await expectInvalid(await load({ measures: ['Users.count'] }, { token: fresh }));
    token = (await signinToken(await signIn(t.app, 'boss', 'boss-password-1'))).json().data.data
      .data_provisioning_token;
    expect((await load({ measures: ['Users.count'] })).statusCode).toBe(200);
  });
});
