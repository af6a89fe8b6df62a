import {
  dynamicPreferencePaths,
  featurePaths,
  FEATURE_NAMES,
  preferenceDefinition,
  preferenceId,
  type PreferenceValue,
} from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/app-providers.tsx';
import { useDynamicPreferenceStore } from '../core/dynamic-preferences/dynamic-preference-store.ts';
import { emptyDynamicPreferences } from '../core/dynamic-preferences/dynamic-preference-state.ts';
import { applyLocale } from '../core/locale/locale-store.ts';
import { clearNotices } from '../core/notices/notice-store.ts';
import { loginSucceeded } from '../core/session/session-state.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { setStack } from '../core/stack/stack-store.ts';
import { preferences, stack, token, user } from './fixtures.ts';

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

/**
 * A fake community server for the settings screens: preferences with the catalogue's defaults and
 * the given values, the enabled flags, and any extra route; any other call fails loudly.
 */
export function settingsServer(
  options: {
    values?: Record<string, PreferenceValue>;
    features?: string[];
    /** Answers get_list instead of the stored values when it returns an answer (e.g. a failure). */
    onLoad?: () => { status: number; body: unknown } | undefined;
    /** Answers update_multi; by default stores the values as sent. */
    onUpdate?: (body: Record<string, unknown>) => { status: number; body: unknown } | undefined;
    routes?: Record<string, (call: Call) => { status: number; body: unknown }>;
  } = {},
) {
  const values: Record<string, PreferenceValue> = { ...options.values };
  let features = options.features ?? [...FEATURE_NAMES];
  const calls: Call[] = [];
  const preference = (name: string) => {
    const definition = preferenceDefinition(name);
    if (!definition) throw new Error(`Unknown preference ${name}`);
    return {
      id: preferenceId(definition.name),
      section: definition.section,
      name: definition.name,
      value: definition.name in values ? values[definition.name] : definition.default,
      type: definition.type,
    };
  };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    const raw = typeof init?.body === 'string' ? init.body : null;
    let body: unknown = raw;
    if (raw && raw.startsWith('{')) body = JSON.parse(raw);
    else if (raw) body = Object.fromEntries(new URLSearchParams(raw));
    const path = url.pathname.replace(/^\/c\/demo/, '');
    calls.push({ method, path, body });
    if (method === 'GET' && path === dynamicPreferencePaths.getList) {
      const failure = options.onLoad?.();
      if (failure) return json(failure.status, failure.body);
      const names = (url.searchParams.get('preferences_list') ?? '').split(',');
      return json(200, { data: names.map(preference) });
    }
    if (method === 'POST' && path === dynamicPreferencePaths.updateMulti) {
      const sent = body as Record<string, unknown>;
      const answer = options.onUpdate?.(sent);
      if (answer) return json(answer.status, answer.body);
      for (const [name, value] of Object.entries(sent)) values[name] = value as PreferenceValue;
      return json(200, {
        data: Object.fromEntries(Object.keys(sent).map((name) => [name, preference(name)])),
      });
    }
    if (method === 'GET' && path === featurePaths.listEnabled) return json(200, { data: features });
    const route = options.routes?.[`${method} ${path}`];
    if (route) {
      const answer = route({ method, path, body });
      return json(answer.status, answer.body);
    }
    throw new Error(`Unmocked fetch: ${method} ${url.pathname}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    values,
    setFeatures(next: string[]) {
      features = next;
    },
    writes: () => calls.filter((call) => call.method === 'POST'),
  };
}

/** Renders a settings screen signed in as the demo community's admin, in English. */
export function renderSettings(
  element: ReactNode,
  { path = '/', route = '*' }: { path?: string; route?: string } = {},
) {
  applyLocale('en');
  clearNotices();
  useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
  useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
  setStack(stack);
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const router = createMemoryRouter([{ path: route, element }], { initialEntries: [path] });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}
