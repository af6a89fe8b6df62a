import { dynamicPreferencePaths } from '@agora/contract';
import { render, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useDynamicPreferenceStore } from '../core/dynamic-preferences/dynamic-preference-store.ts';
import { emptyDynamicPreferences } from '../core/dynamic-preferences/dynamic-preference-state.ts';
import { loginSucceeded, signedOutState } from '../core/session/session-state.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { clearStack, setStack } from '../core/stack/stack-store.ts';
import { preferences, stack, token, user } from '../test/fixtures.ts';
import { mockFetch } from '../test/mock-fetch.ts';
import type { DataLayer } from './page-views.ts';
import { RootShell } from './root-shell.tsx';

const target = window as unknown as { dataLayer?: DataLayer };

function renderShell(path = '/theme') {
  const router = createMemoryRouter(
    [{ element: <RootShell />, children: [{ path: '*', element: <div data-testid="screen" /> }] }],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function tagPreference(value: string) {
  return {
    method: 'GET',
    path: `/c/demo${dynamicPreferencePaths.getList}`,
    status: 200,
    body: {
      data: [{ id: 1, section: 'configurations', name: 'tag_manager_container_id', value, type: 'string' }],
    },
  };
}

const scriptSources = () => [...document.querySelectorAll('script')].map((s) => s.getAttribute('src'));

describe('root shell page views', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta name="agora-gtm-id" content="GTM-DEPLOY">';
    delete target.dataLayer;
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
    setStack(stack);
  });
  afterEach(() => {
    clearStack();
    useSessionStore.setState(signedOutState, true);
  });

  it("sends page views to the community's own container when it has one", async () => {
    const { calls } = mockFetch([tagPreference('GTM-OWN123')]);
    const router = renderShell('/theme');
    await waitFor(() => expect(target.dataLayer).toContainEqual({ event: 'pageview', page: '/theme' }));
    expect(calls[0]?.path).toBe(`/c/demo${dynamicPreferencePaths.getList}`);
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-OWN123']);
    await router.navigate('/integrations?x=1');
    await waitFor(() =>
      expect(target.dataLayer?.filter((entry) => entry.event === 'pageview')).toEqual([
        { event: 'pageview', page: '/theme' },
        { event: 'pageview', page: '/integrations?x=1' },
      ]),
    );
  });

  it("falls back to the deployment's container when the community has none", async () => {
    mockFetch([tagPreference('')]);
    renderShell('/');
    await waitFor(() => expect(target.dataLayer).toContainEqual({ event: 'pageview', page: '/' }));
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-DEPLOY']);
    expect(target.dataLayer?.filter((entry) => entry.event === 'pageview')).toHaveLength(1);
  });

  it('uses the deployment container when the preference cannot be read, and none without either', async () => {
    mockFetch([]);
    renderShell('/checks');
    await waitFor(() => expect(target.dataLayer).toContainEqual({ event: 'pageview', page: '/checks' }));
    expect(scriptSources()).toEqual(['https://www.googletagmanager.com/gtm.js?id=GTM-DEPLOY']);
  });

  it('pushes nothing when no container is configured anywhere', async () => {
    document.head.innerHTML = '';
    const { calls } = mockFetch([tagPreference('')]);
    renderShell('/');
    await waitFor(() => expect(calls).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(target.dataLayer).toBeUndefined();
  });
});
