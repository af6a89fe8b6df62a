import { beforeEach, describe, expect, it, vi } from 'vitest';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import {
  buildDefaultDashboard,
  parseDashboard,
  serializeDashboard,
  type Dashboard,
} from '../model/dashboard-model.ts';
import { dashboardAddWidget, resetDashboardStore } from '../model/dashboard-store.ts';
import { addWidgetToDashboard } from './add-widget-to-dashboard.ts';
import { fetchDashboardLayout, saveDashboardLayout } from './dashboard-api.ts';

const DASHBOARD = '/c/demo/platform/api/v1/data_provisioning/dashboard/11/';
const SELF = '/c/demo/platform/api/v1/stack/';
const PREFERENCES = '/c/demo/platform/api/v1/dynamic_preference/get_list/';

type Handler = (init: RequestInit | undefined) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Routes by "METHOD path"; anything else throws. Keeps each call with its body. */
function routeFetch(routes: Record<string, Handler>) {
  const calls: { key: string; body: BodyInit | null | undefined }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
      const key = `${init?.method ?? 'GET'} ${url.pathname}`;
      calls.push({ key, body: init?.body });
      const handler = routes[key];
      if (!handler) throw new Error(`Unmocked fetch: ${key}`);
      return handler(init);
    }),
  );
  return calls;
}

const savedLayout = (calls: { key: string; body: BodyInit | null | undefined }[]) => {
  const post = calls.find((call) => call.key === `POST ${DASHBOARD}`);
  expect(post?.body).toBeInstanceOf(FormData);
  const layout = (post!.body as FormData).get('layout');
  expect(typeof layout).toBe('string');
  return parseDashboard(layout as string) as Dashboard;
};

describe('dashboard calls (core §7)', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    resetDashboardStore();
    useDynamicPreferenceStore.setState(
      { values: {}, loading: [], loadFailed: [], updating: [], errors: {}, internalUrl: null },
      true,
    );
  });

  it('reads data.layout of the saved dashboard', async () => {
    routeFetch({ [`GET ${DASHBOARD}`]: () => json(200, { data: { layout: '{"a":1}' } }) });
    expect(await fetchDashboardLayout(11)).toBe('{"a":1}');
  });

  it.each([
    ['a server error', () => json(500, { errors: [] })],
    ['another user (404)', () => json(404, { errors: [] })],
    ['a redirect status', () => json(302, null)],
    ['no answer', () => Promise.reject(new TypeError('network down'))],
  ])('yields an empty layout on %s', async (_name, handler) => {
    routeFetch({ [`GET ${DASHBOARD}`]: handler });
    expect(await fetchDashboardLayout(11)).toBe('');
  });

  it('saves as multipart with the JSON in the field `layout`, resolving true or false', async () => {
    const dashboard = buildDefaultDashboard(false);
    let status = 200;
    const calls = routeFetch({ [`POST ${DASHBOARD}`]: () => json(status, { data: { layout: '' } }) });
    expect(await saveDashboardLayout(11, dashboard)).toBe(true);
    const body = calls[0]!.body as FormData;
    expect(body).toBeInstanceOf(FormData);
    expect([...body.keys()]).toEqual(['layout']);
    expect(body.get('layout')).toBe(serializeDashboard(dashboard));
    status = 500;
    expect(await saveDashboardLayout(11, dashboard)).toBe(false);
  });

  it('tells the user when saving fails', async () => {
    routeFetch({ [`POST ${DASHBOARD}`]: () => json(500, {}) });
    const saved = await dashboardAddWidget(
      { internalUrl: stack.internal_url, userId: 11 },
      buildDefaultDashboard(false),
      { widgetType: 'devicesChart', donut: true },
    );
    expect(saved).toBe(false);
    expect(useNoticeStore.getState().notices[0]).toMatchObject({
      messageId: 'analyticsDashboard.saveError',
      variant: 'error',
    });
  });
});

describe('addWidgetToDashboard', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    resetDashboardStore();
    useDynamicPreferenceStore.setState(
      { values: {}, loading: [], loadFailed: [], updating: [], errors: {}, internalUrl: null },
      true,
    );
  });

  it('adds to the default dashboard (follow on) when none is saved, saves it and links to the dashboard for 3 s', async () => {
    const calls = routeFetch({
      [`GET ${SELF}`]: () => json(200, { data: stack }),
      [`GET ${DASHBOARD}`]: () => json(200, { data: { layout: '[]' } }),
      [`GET ${PREFERENCES}`]: () =>
        json(200, {
          data: [{ id: 1, section: 'configurations', name: 'follow_enabled', value: true, type: 'bool' }],
        }),
      [`POST ${DASHBOARD}`]: () => json(200, { data: { layout: '' } }),
    });
    const query = {
      measures: ['Shares.count'],
      timeDimensions: [{ dimension: 'Shares.createdAt', granularity: 'week' as const }],
    };
    expect(
      await addWidgetToDashboard({ widgetType: 'sharesChart', query, render: 'bar', title: 'Shares' }),
    ).toBe(true);
    const saved = savedLayout(calls);
    expect(saved.components).toHaveLength(11);
    expect(saved.components.map((c) => c.componentProperties.widgetType)).toContain('followersCount');
    const added = saved.components.at(-1)!;
    expect(added.key).toBe('11');
    expect(added.componentProperties).toEqual({
      widgetType: 'sharesChart',
      query,
      bar: true,
      title: 'Shares',
    });
    for (const breakpoint of ['lg', 'md', 'sm', 'xs', 'xss'] as const) {
      expect(saved.layouts[breakpoint].map((item) => item.i)).toContain('11');
    }
    expect(useNoticeStore.getState().notices[0]).toMatchObject({
      messageId: 'analyticsDashboard.widgetAdded',
      variant: 'success',
      autoHideDuration: 3000,
      action: { labelId: 'analyticsDashboard.goToDashboard', href: '/social_analytics/dashboard' },
    });
  });

  it('adds to the saved dashboard with the highest key + 1', async () => {
    const existing = serializeDashboard({
      components: [
        {
          key: '3',
          widgetType: 'SimpleWidget',
          component: 'CounterWidget',
          componentProperties: { widgetType: 'postsCount' },
        },
        {
          key: '9',
          widgetType: 'SimpleWidget',
          component: 'CounterWidget',
          componentProperties: { widgetType: 'commentsCount' },
        },
      ],
      layouts: {
        lg: [
          { i: '3', x: 0, y: 0, w: 3, h: 3 },
          { i: '9', x: 3, y: 0, w: 3, h: 3 },
        ],
        md: [],
        sm: [],
        xs: [],
        xss: [],
      },
    });
    const calls = routeFetch({
      [`GET ${SELF}`]: () => json(200, { data: stack }),
      [`GET ${DASHBOARD}`]: () => json(200, { data: { layout: existing } }),
      [`POST ${DASHBOARD}`]: () => json(200, { data: { layout: '' } }),
    });
    expect(await addWidgetToDashboard({ widgetType: 'registrationsChart', render: 'line' })).toBe(true);
    const saved = savedLayout(calls);
    expect(saved.components.map((c) => c.key)).toEqual(['3', '9', '10']);
    expect(saved.layouts.lg.find((item) => item.i === '10')).toEqual({ i: '10', x: 0, y: 3, w: 6, h: 9 });
    expect(calls.some((call) => call.key.includes('dynamic_preference'))).toBe(false);
  });

  it('shows no success notice when the save fails', async () => {
    routeFetch({
      [`GET ${SELF}`]: () => json(200, { data: stack }),
      [`GET ${DASHBOARD}`]: () => json(500, {}),
      [`GET ${PREFERENCES}`]: () =>
        json(200, {
          data: [{ id: 1, section: 'configurations', name: 'follow_enabled', value: false, type: 'bool' }],
        }),
      [`POST ${DASHBOARD}`]: () => json(503, {}),
    });
    expect(await addWidgetToDashboard({ widgetType: 'postsCount' })).toBe(false);
    expect(useNoticeStore.getState().notices.map((notice) => notice.messageId)).toEqual([
      'analyticsDashboard.saveError',
    ]);
  });
});
