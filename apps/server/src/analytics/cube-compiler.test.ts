import { describe, expect, it } from 'vitest';
import type { CompiledQuery } from 'kysely';
import { CUBE_MEMBERS, DASHBOARD_COUNTER_MEASURES, type CubeQuery } from '@agora/contract';
import type { Db } from '../platform/db/database.ts';
import { ManualClock } from '../platform/clock.ts';
import { loadCubeModel, parseCubeModel } from './cube-model.ts';
import { compileCubeQuery, CubeQueryError, resolveMember } from './cube-compiler.ts';
import { createCubeEngine } from './cube-engine.ts';
import { resolveDateRange } from './date-ranges.ts';

const model = loadCubeModel();
// Wednesday 2026-11-18, 23:30 UTC (already Thursday the 19th in Rome).
const now = new Date('2026-11-18T23:30:00Z');
const compile = (query: CubeQuery, roles: string[] = []) =>
  compileCubeQuery(model, query, { stackId: 7, now, roles });

describe('the data model', () => {
  it('holds every member the contract names, and the dashboard counters', () => {
    for (const members of Object.values(CUBE_MEMBERS))
      for (const path of Object.values(members)) expect(() => resolveMember(model, path)).not.toThrow();
    for (const path of Object.values(DASHBOARD_COUNTER_MEASURES))
      expect(resolveMember(model, path).kind).toBe('measure');
    expect(model.cubes.size).toBe(13);
  });

  it('refuses a cube without the security context and unknown references', () => {
    const cubeYaml = (sql: string, extra = '') =>
      `cubes:\n  - name: A\n    sql: "${sql}"\n    measures:\n      - name: count\n        type: count\n${extra}`;
    expect(() => parseCubeModel([{ name: 'a.yml', content: cubeYaml('SELECT * FROM t') }])).toThrow(
      /SECURITY_CONTEXT/,
    );
    expect(() =>
      parseCubeModel([
        {
          name: 'a.yml',
          content: cubeYaml(
            'SELECT * FROM t WHERE stack_id = {SECURITY_CONTEXT.stack_id.unsafeValue()}',
            '    dimensions:\n      - name: x\n        type: string\n        sql: "{Nope}.x"\n',
          ),
        },
      ]),
    ).toThrow(/unknown reference/);
  });
});

describe('compiling a Cube query to one parameterised statement', () => {
  it('binds the community and keeps values out of the SQL text', () => {
    const c = compile({
      measures: ['Users.count'],
      filters: [{ member: 'Users.username', operator: 'equals', values: ["robert'); DROP TABLE x;--"] }],
    });
    expect(c.sql).toContain('stack_id = $1');
    expect(c.sql).not.toContain('DROP TABLE');
    expect(c.params).toEqual([7, "robert'); DROP TABLE x;--", 100, 0]);
    expect(c.sql).toMatch(/^SELECT count\(\*\) AS c0\nFROM \(SELECT \* FROM community_users/);
    expect(c.sql).toContain('"Users".username = $2');
    expect(c.sql).toMatch(/ORDER BY c0 DESC\nLIMIT \$3 OFFSET \$4$/);
  });

  it('turns filtered measures into FILTER (WHERE …) and count_distinct into count(DISTINCT …)', () => {
    const c = compile({ measures: ['Contributions.posts', 'Contributions.contributors'] });
    expect(c.sql).toContain(`count(*) FILTER (WHERE ("Contributions".type = 'post')) AS c0`);
    expect(c.sql).toContain('count(DISTINCT "Contributions".author_id) AS c1');
    expect(compile({ measures: ['Uploads.bytes'] }).sql).toContain('sum("Uploads".bytes) AS c0');
  });

  it('joins only the cubes it uses; a joined cube counts distinct primary keys', () => {
    expect(compile({ measures: ['Contributions.count'] }).sql).not.toContain('JOIN');
    const c = compile({ measures: ['Contributions.count', 'Users.count'], dimensions: ['Categories.name'] });
    expect(c.sql).toContain('FROM (SELECT * FROM contributions');
    expect(c.sql).toContain('LEFT JOIN (SELECT * FROM community_users');
    expect(c.sql).toContain('ON "Contributions".author_id = "Users".id');
    expect(c.sql).toContain('ON "Contributions".category_id = "Categories".id');
    expect(c.sql).toContain('count(DISTINCT "Users".id)');
    // Every cube's security context is the same bound parameter.
    expect(c.sql.match(/stack_id = \$1/g)).toHaveLength(3);
    expect(() => compile({ measures: ['Logins.count', 'Votes.count'] })).toThrow("Can't find join path");
  });

  it('buckets ISO weeks with date_trunc in the query timezone and Cube-formatted output', () => {
    const c = compile({
      measures: ['Logins.count'],
      timeDimensions: [
        { dimension: 'Logins.at', granularity: 'week', dateRange: ['2026-01-01', '2026-01-31'] },
      ],
      timezone: 'Europe/Rome',
    });
    expect(c.sql).toContain(
      `to_char(date_trunc('week', ("Logins".at) AT TIME ZONE $2::text), 'YYYY-MM-DD"T"HH24:MI:SS.MS') AS c0`,
    );
    expect(c.sql).toContain('"Logins".at >= ($3::timestamp AT TIME ZONE $2::text)');
    expect(c.sql).toContain('"Logins".at <= ($4::timestamp AT TIME ZONE $2::text)');
    expect(c.sql).toContain('GROUP BY 1');
    expect(c.sql).toContain('ORDER BY c0 ASC');
    expect(c.params).toEqual([
      7,
      'Europe/Rome',
      '2026-01-01T00:00:00.000',
      '2026-01-31T23:59:59.999',
      100,
      0,
    ]);
    expect(c.columns[0]?.keys).toEqual(['Logins.at.week', 'Logins.at']);
    expect(c.normalized.timeDimensions[0]?.dateRange).toEqual([
      '2026-01-01T00:00:00.000',
      '2026-01-31T23:59:59.999',
    ]);
  });

  it('compiles every filter operator, and/or groups, and measure filters into HAVING', () => {
    const c = compile(
      {
        measures: ['Users.count'],
        dimensions: ['Users.device'],
        filters: [
          {
            or: [
              { member: 'Users.device', operator: 'equals', values: ['ios', 'android'] },
              {
                and: [
                  { member: 'Users.username', operator: 'contains', values: ['a_b'] },
                  { member: 'Users.email', operator: 'set' },
                ],
              },
            ],
          },
          { member: 'Users.status', operator: 'notEquals', values: ['blocked'] },
          { member: 'Users.name', operator: 'notContains', values: ['bot'] },
          { member: 'Users.score', operator: 'gt', values: ['10'] },
          { member: 'Users.score', operator: 'lte', values: ['99'] },
          { member: 'Users.lastLogin', operator: 'notSet' },
          { member: 'Users.registeredAt', operator: 'inDateRange', values: ['2026-01-01', '2026-03-31'] },
          { member: 'Users.registeredAt', operator: 'notInDateRange', values: ['2026-02-01', '2026-02-28'] },
          { member: 'Users.registeredAt', operator: 'beforeDate', values: ['2026-06-01'] },
          { member: 'Users.registeredAt', operator: 'afterDate', values: ['2025-06-01'] },
          { member: 'Users.count', operator: 'gte', values: ['3'] },
        ],
        // Users.email is for GDPR data managers only (model/users.yml's access policy).
      },
      ['gdpr_data_manager'],
    );
    const sql = c.sql;
    expect(sql).toContain(
      `("Users".device IN ($2, $3) OR ((CAST("Users".username AS text) ILIKE '%' || $4 || '%') AND "Users".email IS NOT NULL))`,
    );
    expect(c.params[3]).toBe('a\\_b');
    expect(sql).toContain('("Users".status NOT IN ($5) OR "Users".status IS NULL)');
    expect(sql).toContain(
      `((CAST("Users".real_name AS text) NOT ILIKE '%' || $6 || '%') OR "Users".real_name IS NULL)`,
    );
    expect(sql).toContain('"Users".score > $7');
    expect(sql).toContain('"Users".score <= $8');
    expect(sql).toContain('"Users".last_login IS NULL');
    expect(sql).toContain(
      '("Users".created_at >= ($10::timestamp AT TIME ZONE $9::text) AND "Users".created_at <= ($11::timestamp',
    );
    expect(sql).toContain(
      '("Users".created_at < ($12::timestamp AT TIME ZONE $9::text) OR "Users".created_at > ($13::timestamp',
    );
    expect(sql).toContain('"Users".created_at < ($14::timestamp');
    expect(sql).toContain('"Users".created_at > ($15::timestamp');
    expect(sql).toMatch(/HAVING count\(\*\) >= \$16\n/);
    expect(c.params.slice(8, 15)).toEqual([
      'UTC',
      '2026-01-01T00:00:00.000',
      '2026-03-31T23:59:59.999',
      '2026-02-01T00:00:00.000',
      '2026-02-28T23:59:59.999',
      '2026-06-01T00:00:00.000',
      '2025-06-01T00:00:00.000',
    ]);
    expect(() =>
      compile({
        measures: ['Users.count'],
        filters: [
          {
            or: [
              { member: 'Users.count', operator: 'gt', values: ['1'] },
              { member: 'Users.device', operator: 'set' },
            ],
          },
        ],
      }),
    ).toThrow('cannot mix');
    expect(() =>
      compile({ measures: ['Users.count'], filters: [{ member: 'Users.score', operator: 'gt' }] }),
    ).toThrow('needs a value');
  });

  it('orders (object or pairs), clamps the limit and applies the offset', () => {
    const a = compile({
      measures: ['Users.count'],
      dimensions: ['Users.device'],
      order: { 'Users.device': 'asc', 'Users.count': 'desc' },
      limit: 20000,
      offset: 40,
    });
    expect(a.sql).toContain('ORDER BY c0 ASC, c1 DESC');
    expect(a.params.slice(-2)).toEqual([10000, 40]);
    expect(a.normalized.limit).toBe(10000);
    const b = compile({
      measures: ['Users.count'],
      dimensions: ['Users.device'],
      order: [['Users.count', 'asc']],
    });
    expect(b.sql).toContain('ORDER BY c1 ASC');
    expect(b.params.slice(-2)).toEqual([100, 0]);
    expect(() => compile({ measures: ['Users.count'], order: { 'Users.device': 'asc' } })).toThrow(
      'must be part of the query',
    );
    expect(compile({ measures: ['Users.count'], dimensions: ['Users.device'] }).sql).toContain(
      'ORDER BY c1 DESC',
    );
    expect(compile({ dimensions: ['Users.device'] }).sql).toContain('ORDER BY c0 ASC');
  });

  it('counts every row for total in the same statement', () => {
    const c = compile({ measures: ['Users.count'], dimensions: ['Users.device'], total: true });
    expect(c.sql).toMatch(/^WITH base AS \(/);
    expect(c.sql).toContain(
      'SELECT t.__total, page.* FROM (SELECT count(*) AS __total FROM base) t LEFT JOIN page ON TRUE',
    );
  });

  it("refuses unknown members with Cube's message", () => {
    expect(() => compile({ measures: ['Users.nope'] })).toThrow(
      new CubeQueryError("'nope' not found for path 'Users.nope'"),
    );
    expect(() => compile({ measures: ['Users.device'] })).toThrow(/measure is expected/);
    expect(() =>
      compile({
        measures: ['Users.count'],
        timeDimensions: [{ dimension: 'Users.device', granularity: 'day' }],
      }),
    ).toThrow(/not a time dimension/);
  });
});

describe('date ranges', () => {
  const range = (r: string | string[], tz = 'UTC') => resolveDateRange(r, now, tz);
  it('reads absolute ranges inclusive of the whole last day', () => {
    expect(range(['2026-01-01', '2026-01-31'])).toEqual([
      '2026-01-01T00:00:00.000',
      '2026-01-31T23:59:59.999',
    ]);
    expect(range(['2026-01-01T10:00:00', '2026-01-02T11:30:00.5'])).toEqual([
      '2026-01-01T10:00:00.000',
      '2026-01-02T11:30:00.500',
    ]);
    expect(() => range(['2026-02-30', '2026-03-01'])).toThrow();
    expect(() => range(['2026-03-02', '2026-03-01'])).toThrow();
  });
  it("reads Cube's relative ranges from today in the query timezone (ISO weeks)", () => {
    expect(range('today')).toEqual(['2026-11-18T00:00:00.000', '2026-11-18T23:59:59.999']);
    expect(range('today', 'Europe/Rome')).toEqual(['2026-11-19T00:00:00.000', '2026-11-19T23:59:59.999']);
    expect(range('yesterday')).toEqual(['2026-11-17T00:00:00.000', '2026-11-17T23:59:59.999']);
    expect(range('this week')).toEqual(['2026-11-16T00:00:00.000', '2026-11-22T23:59:59.999']);
    expect(range('last week')).toEqual(['2026-11-09T00:00:00.000', '2026-11-15T23:59:59.999']);
    expect(range('this month')).toEqual(['2026-11-01T00:00:00.000', '2026-11-30T23:59:59.999']);
    expect(range('last month')).toEqual(['2026-10-01T00:00:00.000', '2026-10-31T23:59:59.999']);
    expect(range('last 30 days')).toEqual(['2026-10-19T00:00:00.000', '2026-11-17T23:59:59.999']);
    expect(range('last 90 days')[0]).toBe('2026-08-20T00:00:00.000');
    expect(range('last 120 days')[0]).toBe('2026-07-21T00:00:00.000');
    expect(range('last 365 days')).toEqual(['2025-11-18T00:00:00.000', '2026-11-17T23:59:59.999']);
    expect(range('last year')).toEqual(['2025-01-01T00:00:00.000', '2025-12-31T23:59:59.999']);
    expect(range('this year')).toEqual(['2026-01-01T00:00:00.000', '2026-12-31T23:59:59.999']);
    expect(range('This  Quarter')).toEqual(['2026-10-01T00:00:00.000', '2026-12-31T23:59:59.999']);
    expect(() => range('someday')).toThrow("Can't parse date range: 'someday'");
  });
  it('starts ISO weeks on Monday across a year boundary', () => {
    expect(resolveDateRange('this week', new Date('2027-01-01T12:00:00Z'), 'UTC')).toEqual([
      '2026-12-28T00:00:00.000',
      '2027-01-03T23:59:59.999',
    ]);
  });
});

describe('compareDateRange', () => {
  it('runs one statement per range and tags the rows', async () => {
    const seen: CompiledQuery[] = [];
    const db = {
      executeQuery: async (q: CompiledQuery) => {
        seen.push(q);
        return { rows: [{ c0: '2026-10-01T00:00:00.000', c1: seen.length * 10 }] };
      },
    } as unknown as Db;
    const engine = createCubeEngine({ db, clock: new ManualClock(now), model });
    const answer = await engine.load(
      {
        measures: ['Views.count'],
        timeDimensions: [
          {
            dimension: 'Views.createdAt',
            granularity: 'month',
            compareDateRange: ['this month', 'last month'],
          },
        ],
      },
      7,
    );
    expect(seen).toHaveLength(2);
    expect(seen.map((q) => q.parameters.slice(2, 4))).toEqual([
      ['2026-11-01T00:00:00.000', '2026-11-30T23:59:59.999'],
      ['2026-10-01T00:00:00.000', '2026-10-31T23:59:59.999'],
    ]);
    expect(answer.queryType).toBe('compareDateRangeQuery');
    expect(answer.results.map((r) => r.data[0])).toEqual([
      {
        'Views.createdAt.month': '2026-10-01T00:00:00.000',
        'Views.createdAt': '2026-10-01T00:00:00.000',
        'Views.count': '10',
        compareDateRange: '2026-11-01T00:00:00.000 - 2026-11-30T23:59:59.999',
      },
      {
        'Views.createdAt.month': '2026-10-01T00:00:00.000',
        'Views.createdAt': '2026-10-01T00:00:00.000',
        'Views.count': '20',
        compareDateRange: '2026-10-01T00:00:00.000 - 2026-10-31T23:59:59.999',
      },
    ]);
    expect(answer.pivotQuery).toMatchObject({
      dimensions: ['compareDateRange'],
      queryType: 'compareDateRangeQuery',
    });
  });
});
