import { beforeEach, describe, expect, it, vi } from 'vitest';
import { loginSucceeded } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { setStack } from '../stack/stack-store.ts';
import { stack, token, user } from '../../test/fixtures.ts';
import {
  ANALYTICS_MAX_ATTEMPTS,
  ANALYTICS_RETRY_BASE_MS,
  AnalyticsQueryRefusedError,
  AnalyticsUnavailableError,
  isInvalidTokenError,
  loadAnalytics,
  resetCubeClients,
} from './analytics-client.ts';
import { clearAnalyticsTokens, storedAnalyticsToken, storeAnalyticsToken } from './analytics-token.ts';

const INTERNAL = stack.internal_url;
const SIGNIN = '/c/demo/platform/api/v1/auth/community_signin/';
const LOAD = '/c/demo/cubejs-api/v1/load';

interface Answer {
  status: number;
  body: unknown;
}

/**
 * A fetch that answers each path from its own queue of answers, in order, and throws on anything
 * else (an unexpected call, or one call too many).
 */
function scriptedFetch(script: Record<string, Answer[]>) {
  const calls: { method: string; path: string; authorization: string | null; query: string | null }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const headers = new Headers(init?.headers as HeadersInit);
    calls.push({
      method: init?.method ?? 'GET',
      path: url.pathname,
      authorization: headers.get('Authorization'),
      query: url.searchParams.get('query'),
    });
    const answer = script[url.pathname]?.shift();
    if (!answer) throw new Error(`Unexpected fetch: ${init?.method ?? 'GET'} ${url.pathname}`);
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, script };
}

const signin = (value: string): Answer => ({
  status: 200,
  body: { data: { data: { data_provisioning_token: value, expires_in: 3600 } } },
});

const result = (count: string) => ({
  query: { measures: ['Users.count'], timezone: 'UTC' },
  data: [{ 'Users.count': count }],
  lastRefreshTime: '2026-03-11T00:00:00.000Z',
  annotation: {
    measures: { 'Users.count': { title: 'Users Count', shortTitle: 'Count', type: 'number' } },
    dimensions: {},
    segments: {},
    timeDimensions: {},
  },
  dataSource: 'default',
  dbType: 'postgres',
  external: false,
  slowQuery: false,
});

const loaded = (count: string): Answer => ({
  status: 200,
  body: {
    queryType: 'regularQuery',
    results: [result(count)],
    pivotQuery: result(count).query,
    slowQuery: false,
  },
});

const invalidToken: Answer = {
  status: 403,
  body: {
    error: 'Invalid token',
    errors: [{ code: 'invalid_token', message: 'Invalid token', messages: [] }],
  },
};

const query = { measures: ['Users.count'] };

describe('loadAnalytics (core §4)', () => {
  let sleeps: number[];
  const sleep = async (ms: number) => {
    sleeps.push(ms);
  };

  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearAnalyticsTokens();
    resetCubeClients();
    sleeps = [];
  });

  it('signs in to the community once, stores the token and sends it raw to Cube', async () => {
    const { calls } = scriptedFetch({ [SIGNIN]: [signin('dp-1')], [LOAD]: [loaded('42'), loaded('43')] });
    const first = await loadAnalytics(query, { sleep });
    expect(first.tablePivot()).toEqual([{ 'Users.count': '42' }]);
    await loadAnalytics(query, { sleep });
    expect(storedAnalyticsToken(INTERNAL)).toBe('dp-1');
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      `POST ${SIGNIN}`,
      `GET ${LOAD}`,
      `GET ${LOAD}`,
    ]);
    expect(calls[0]?.authorization).toBe('Bearer access-1');
    expect(calls[1]?.authorization).toBe('dp-1');
    expect(JSON.parse(calls[1]?.query ?? '{}')).toEqual(query);
    expect(sleeps).toEqual([]);
  });

  it('on an invalid or expired token (403 / invalid_token) requests a new token, stores it and retries', async () => {
    storeAnalyticsToken(INTERNAL, 'expired');
    const { calls } = scriptedFetch({ [SIGNIN]: [signin('dp-2')], [LOAD]: [invalidToken, loaded('7')] });
    const resultSet = await loadAnalytics(query, { sleep });
    expect(resultSet.tablePivot()[0]?.['Users.count']).toBe('7');
    expect(storedAnalyticsToken(INTERNAL)).toBe('dp-2');
    expect(calls.map((call) => [call.path, call.authorization])).toEqual([
      [LOAD, 'expired'],
      [SIGNIN, 'Bearer access-1'],
      [LOAD, 'dp-2'],
    ]);
    expect(sleeps).toEqual([]);
  });

  it('retries other failures with a growing delay (base × attempts) and then succeeds', async () => {
    storeAnalyticsToken(INTERNAL, 'dp-1');
    scriptedFetch({
      [LOAD]: [
        { status: 500, body: { error: 'boom' } },
        { status: 500, body: { error: 'boom' } },
        loaded('9'),
      ],
    });
    const resultSet = await loadAnalytics(query, { sleep });
    expect(resultSet.tablePivot()[0]?.['Users.count']).toBe('9');
    expect(sleeps).toEqual([ANALYTICS_RETRY_BASE_MS, ANALYTICS_RETRY_BASE_MS * 2]);
  });

  it(`gives up after ${ANALYTICS_MAX_ATTEMPTS} attempts with the 'not available' error`, async () => {
    storeAnalyticsToken(INTERNAL, 'dp-1');
    const { calls } = scriptedFetch({
      [LOAD]: Array.from({ length: ANALYTICS_MAX_ATTEMPTS }, () => ({
        status: 500,
        body: { error: 'down' },
      })),
    });
    const failure = await loadAnalytics(query, { sleep }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnalyticsUnavailableError);
    expect((failure as AnalyticsUnavailableError).message).toBe(
      'At the moment the Data provisioning is not available. Try later',
    );
    expect((failure as AnalyticsUnavailableError).messageId).toBe('analyticsCore.unavailable');
    expect(calls).toHaveLength(3);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('does not retry a query the engine refuses (400) and keeps its reason', async () => {
    storeAnalyticsToken(INTERNAL, 'dp-1');
    const { calls } = scriptedFetch({
      [LOAD]: [
        {
          status: 400,
          body: {
            error: "'nope' not found for path 'Users.nope'",
            errors: [{ code: 'invalid_query', message: "'nope' not found for path 'Users.nope'" }],
          },
        },
      ],
    });
    const failure = await loadAnalytics(query, { sleep }).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AnalyticsQueryRefusedError);
    expect((failure as AnalyticsQueryRefusedError).reason).toBe("'nope' not found for path 'Users.nope'");
    expect((failure as AnalyticsQueryRefusedError).code).toBe('invalid_query');
    expect(calls).toHaveLength(1);
    expect(sleeps).toEqual([]);
  });

  it('re-signs only once per load: a token refused again counts as a failure', async () => {
    storeAnalyticsToken(INTERNAL, 'old');
    const { calls } = scriptedFetch({
      [SIGNIN]: [signin('dp-new')],
      [LOAD]: [invalidToken, invalidToken, invalidToken, invalidToken],
    });
    await expect(loadAnalytics(query, { sleep })).rejects.toBeInstanceOf(AnalyticsUnavailableError);
    expect(calls.filter((call) => call.path === SIGNIN)).toHaveLength(1);
    expect(calls.filter((call) => call.path === LOAD)).toHaveLength(4);
    expect(sleeps).toEqual([500, 1000]);
  });

  it('counts a failing community sign-in as a failure and retries it', async () => {
    const { calls } = scriptedFetch({
      [SIGNIN]: [{ status: 503, body: null }, signin('dp-3')],
      [LOAD]: [loaded('1')],
    });
    const resultSet = await loadAnalytics(query, { sleep });
    expect(resultSet.tablePivot()[0]?.['Users.count']).toBe('1');
    expect(calls.map((call) => call.path)).toEqual([SIGNIN, SIGNIN, LOAD]);
    expect(sleeps).toEqual([500]);
  });

  it('recognises invalid token errors by status 403 or by the invalid_token code', () => {
    expect(isInvalidTokenError({ status: 403, response: {} })).toBe(true);
    expect(isInvalidTokenError({ status: 400, response: { errors: [{ code: 'invalid_token' }] } })).toBe(
      true,
    );
    expect(isInvalidTokenError({ status: 500, response: { errors: [{ code: 'other' }] } })).toBe(false);
    expect(isInvalidTokenError(new Error('x'))).toBe(false);
  });
});
