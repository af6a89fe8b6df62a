import {
  dynamicPreferencePaths,
  registrationApprovalPaths,
  type ApprovalPage,
  type ApprovalRequest,
  type DynamicPreference,
} from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { emptyDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-state.ts';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import RegistrationApprovalPage from './registration-approval-page.tsx';

const BASE = '/c/demo';
const LIST = `${BASE}${registrationApprovalPaths.list}`;
const MANAGE = `${BASE}${registrationApprovalPaths.manage}`;
const GET_LIST = `${BASE}${dynamicPreferencePaths.getList}`;
const UPDATE_MULTI = `${BASE}${dynamicPreferencePaths.updateMulti}`;

const preference = (id: number, name: string, value: DynamicPreference['value'], type: string) =>
  ({ id, section: 'configurations', name, value, type }) as DynamicPreference;
const settingsRoute = (mode = 'open', approval = false): MockRoute => ({
  method: 'GET',
  path: GET_LIST,
  status: 200,
  body: {
    data: [
      preference(1, 'registration_mode', mode, 'enum'),
      preference(2, 'users_approval_enabled', approval, 'bool'),
    ],
  },
});

const request = (id: number, username: string, status: ApprovalRequest['status']): ApprovalRequest => ({
  id,
  username,
  email: `${username}@example.com`,
  tags: [{ id: 7, name: 'Students', color: '#3366FF' }],
  submitted_at: '2026-03-05T10:00:00.000Z',
  status,
});
const pageOf = (results: ApprovalRequest[]): ApprovalPage => ({
  count: results.length,
  next: null,
  previous: null,
  results,
});
const listRoute = (results: ApprovalRequest[]): MockRoute => ({
  method: 'GET',
  path: LIST,
  status: 200,
  body: { data: pageOf(results) },
});

function renderPage(routes: MockRoute[]) {
  const mock = mockFetch([...routes, settingsRoute()]);
  const router = createMemoryRouter([{ path: '/approval', element: <RegistrationApprovalPage /> }], {
    initialEntries: ['/approval'],
  });
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return mock;
}

const formOf = (body: string | null | undefined) => Object.fromEntries(new URLSearchParams(body ?? ''));
/** The approval list's requests (the settings card loads its preferences beside them). */
const urlsOf = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls.map(([input]) => new URL(String(input))).filter((url) => url.pathname === LIST);

describe('registration approval page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
    clearNotices();
    applyLocale('en');
  });

  it('lists pending requests with tag chips and the date, and switches to the ignored ones', async () => {
    const first = renderPage([listRoute([request(1, 'alice', 'pending')])]);
    const row = await screen.findByTestId('approval-row-alice');
    expect(within(row).getByText('alice@example.com')).toBeTruthy();
    expect(within(row).getByText('Students')).toBeTruthy();
    expect(within(row).getByText('Mar 5, 2026')).toBeTruthy();
    expect(within(row).getByText('Pending')).toBeTruthy();
    expect(urlsOf(first.fetchMock)[0]?.searchParams.get('status')).toBe('pending');

    const second = mockFetch([settingsRoute(), listRoute([request(2, 'bob', 'ignored')])]);
    fireEvent.click(screen.getByTestId('approval-filter-ignored'));
    const bob = await screen.findByTestId('approval-row-bob');
    expect(screen.queryByTestId('approval-row-alice')).toBeNull();
    expect(within(bob).getByText('Ignored')).toBeTruthy();
    expect(within(bob).getByTestId('approval-restore-bob')).toBeTruthy();
    expect(within(bob).queryByTestId('approval-approve-bob')).toBeNull();
    expect(urlsOf(second.fetchMock).at(-1)?.searchParams.get('status')).toBe('ignored');
  });

  it('approves a request, tells the admin, and reloads the list', async () => {
    const { calls } = renderPage([
      listRoute([request(1, 'alice', 'pending')]),
      { method: 'POST', path: MANAGE, status: 200, body: { data: request(1, 'alice', 'approved') } },
    ]);
    fireEvent.click(await screen.findByTestId('approval-approve-alice'));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.messageId)).toContain(
        'registrationApproval.done.approve',
      ),
    );
    const post = calls.find((call) => call.method === 'POST');
    expect(formOf(post?.body)).toEqual({ user_id: '1', action: 'approve' });
    await waitFor(() => expect(calls.filter((call) => call.path === LIST)).toHaveLength(2));
  });

  it('asks before ignoring', async () => {
    const { calls } = renderPage([
      listRoute([request(1, 'alice', 'pending')]),
      { method: 'POST', path: MANAGE, status: 200, body: { data: request(1, 'alice', 'ignored') } },
    ]);
    fireEvent.click(await screen.findByTestId('approval-ignore-alice'));
    await screen.findByText('Ignore this request?');
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('approval-ignore-confirm'));
    await waitFor(() =>
      expect(formOf(calls.find((call) => call.method === 'POST')?.body)).toEqual({
        user_id: '1',
        action: 'ignore',
      }),
    );
  });
});

describe('registration settings card', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
    clearNotices();
    applyLocale('en');
  });

  it('shows the mode and the approval switch and saves both as dynamic preferences', async () => {
    const saved = {
      data: {
        registration_mode: preference(1, 'registration_mode', 'invitation_only', 'enum'),
        users_approval_enabled: preference(2, 'users_approval_enabled', true, 'bool'),
      },
    };
    const { calls } = renderPage([
      listRoute([]),
      { method: 'POST', path: UPDATE_MULTI, status: 200, body: saved },
    ]);
    const card = await screen.findByTestId('registration-settings');
    const open = await within(card).findByRole('radio', { name: 'Open: anyone can register' });
    await waitFor(() => expect((open as HTMLInputElement).checked).toBe(true));
    const save = within(card).getByTestId('settings-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    expect(within(card).getByText('New members can sign in at once')).toBeTruthy();

    fireEvent.click(within(card).getByRole('radio', { name: 'Invitation only' }));
    expect(within(card).getByText(/Only an admin can create new accounts/)).toBeTruthy();
    fireEvent.click(within(card).getByRole('switch'));
    expect(within(card).getByText('New members wait for approval')).toBeTruthy();
    expect(save.disabled).toBe(false);
    fireEvent.click(save);

    await waitFor(() =>
      expect(useNoticeStore.getState().notices.map((n) => n.messageId)).toContain(
        'stackSettings.savedSettingsMessage',
      ),
    );
    const post = calls.find((call) => call.path === UPDATE_MULTI);
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      registration_mode: 'invitation_only',
      users_approval_enabled: true,
    });
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('reads the stored values', async () => {
    renderPage([listRoute([]), settingsRoute('invitation_only', true)]);
    const card = await screen.findByTestId('registration-settings');
    const invitation = await within(card).findByRole('radio', { name: 'Invitation only' });
    await waitFor(() => expect((invitation as HTMLInputElement).checked).toBe(true));
    expect((within(card).getByRole('switch') as HTMLInputElement).checked).toBe(true);
  });

  it('is not shown to other roles', async () => {
    setStack({ ...stack, roles: ['editor'] });
    renderPage([listRoute([])]);
    await screen.findByTestId('approval-empty');
    expect(screen.queryByTestId('registration-settings')).toBeNull();
  });
});
