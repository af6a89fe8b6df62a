import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CompiledQuery } from 'kysely';
import cube from '@cubejs-client/core';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { addStaff, createAccount, createStack, signIn } from '../test-support/fixtures.ts';
import { seedActivity } from '../test-support/activity-fixture.ts';

/**
 * Compatibility: the real `@cubejs-client/core` (the console's client) against the real server
 * listening on 127.0.0.1, through /load (multi format) and /meta.
 */
let t: TestApp;
let apiUrl: string;
let stackId: number;
let token: string;

async function handSql(text: string): Promise<Array<Record<string, unknown>>> {
  return (await t.db.executeQuery<Record<string, unknown>>(CompiledQuery.raw(text, [stackId]))).rows;
}

beforeAll(async () => {
  t = await buildTestApp();
  stackId = await createStack(t.db, 'compat', 'Compat');
  await addStaff(t.db, stackId, await createAccount(t.db, 'cboss', 'cboss-password-1'), 'cboss', 'editor');
  await seedActivity(t.db, stackId, { seed: 3 });
  const staff = await signIn(t.app, 'cboss', 'cboss-password-1');
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/compat/platform/api/v1/auth/community_signin/',
    headers: staff.bearer,
  });
  token = res.json().data.data.data_provisioning_token;
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  apiUrl = `${address}/c/compat/cubejs-api/v1`;
});

afterAll(async () => {
  await t.close();
});

describe('@cubejs-client/core against the built-in engine', () => {
  it('loads a time series: tablePivot, chartPivot (gaps filled by the client) and annotation', async () => {
    const api = cube(async () => token, { apiUrl });
    const resultSet = await api.load({
      measures: ['Contributions.count', 'Contributions.posts'],
      timeDimensions: [
        {
          dimension: 'Contributions.createdAt',
          granularity: 'week',
          dateRange: ['2026-09-01', '2026-10-31'],
        },
      ],
    });
    const expected = await handSql(
      `SELECT to_char(date_trunc('week', created_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS w, count(*) AS c,
              count(*) FILTER (WHERE type = 'post') AS p
       FROM contributions WHERE stack_id = $1 AND created_at >= '2026-09-01T00:00:00Z' AND created_at < '2026-11-01T00:00:00Z'
       GROUP BY 1 ORDER BY 1`,
    );
    const table = resultSet.tablePivot();
    expect(
      table.map((r) => [
        String(r['Contributions.createdAt.week']).slice(0, 10),
        Number(r['Contributions.count']),
      ]),
    ).toEqual(expected.map((r) => [r.w, Number(r.c)]));

    // chartPivot covers every ISO week of the range (Mondays), zero where the data has no row.
    const chart = resultSet.chartPivot();
    expect(chart[0]?.x).toBe('2026-08-31T00:00:00.000');
    expect(chart.at(-1)?.x).toBe('2026-10-26T00:00:00.000');
    expect(chart).toHaveLength(9);
    const byWeek = new Map(expected.map((r) => [`${String(r.w)}T00:00:00.000`, Number(r.c)]));
    for (const point of chart) expect(point['Contributions.count']).toBe(byWeek.get(point.x) ?? 0);
    expect(chart.reduce((sum, p) => sum + Number(p['Contributions.posts']), 0)).toBe(
      expected.reduce((sum, r) => sum + Number(r.p), 0),
    );

    const annotation = resultSet.annotation();
    expect(annotation.measures['Contributions.count']).toMatchObject({
      title: 'Contributions Count',
      type: 'number',
    });
    expect(annotation.timeDimensions['Contributions.createdAt.week']).toBeDefined();
    expect(resultSet.seriesNames().map((s) => s.key)).toEqual(['Contributions.count', 'Contributions.posts']);
  });

  it('pivots dimensions and compares two date ranges', async () => {
    const api = cube(token, { apiUrl });
    const byDevice = await api.load({ measures: ['Users.count'], dimensions: ['Users.device'] });
    const devices = await handSql(
      'SELECT device AS d, count(*) AS c FROM community_users WHERE stack_id = $1 AND role IS NULL GROUP BY 1',
    );
    expect(
      Object.fromEntries(byDevice.tablePivot().map((r) => [r['Users.device'], Number(r['Users.count'])])),
    ).toEqual(Object.fromEntries(devices.map((r) => [r.d, Number(r.c)])));

    const compared = await api.load({
      measures: ['Comments.count'],
      timeDimensions: [
        {
          dimension: 'Comments.createdAt',
          granularity: 'month',
          compareDateRange: [
            ['2026-10-01', '2026-10-31'],
            ['2026-09-01', '2026-09-30'],
          ],
        },
      ],
    });
    const months = await handSql(
      `SELECT to_char(date_trunc('month', created_at AT TIME ZONE 'UTC'), 'YYYY-MM') AS m, count(*) AS c
       FROM comments WHERE stack_id = $1 GROUP BY 1`,
    );
    const count = (m: string) => Number(months.find((r) => r.m === m)?.c ?? 0);
    const series = compared.series();
    expect(series).toHaveLength(2);
    expect(series.map((s) => s.series.map((p) => p.value))).toEqual([[count('2026-10')], [count('2026-09')]]);
    expect(compared.decompose()).toHaveLength(2);
    const chart = compared.chartPivot();
    expect(chart).toHaveLength(1);
    expect(Object.values(chart[0] ?? {}).filter((v) => typeof v === 'number')).toEqual([
      count('2026-10'),
      count('2026-09'),
    ]);
  });

  it('reads /meta and reports a refused token as a RequestError (403)', async () => {
    const meta = await cube(token, { apiUrl }).meta();
    expect(meta.cubes.map((c) => c.name)).toContain('Contributions');
    expect(meta.resolveMember('Users.registeredAt', 'dimensions')).toMatchObject({ type: 'time' });
    await expect(cube('forged', { apiUrl }).load({ measures: ['Users.count'] })).rejects.toMatchObject({
      status: 403,
      message: 'Invalid token',
    });
  });
});
