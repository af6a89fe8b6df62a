import { broadcastPaths, errorEntry, BROADCAST_MESSAGES, type BroadcastMessage } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { BroadcastList } from './broadcast-list.tsx';

const BASE = '/c/demo';
const at = (path: string, id: number) => `${BASE}${path.replace(':id', String(id))}`;
const template: BroadcastMessage = {
  id: 7,
  name: 'Autumn',
  title: 'Autumn meetup',
  body_text: 'Saturday.',
  link_text: '',
  link: '',
  link_type: 'external',
  open_in_new_tab: false,
  image: null,
  audience: 'all',
  audience_tags: [],
  audience_users: [],
  status: 'template',
  scheduled_at: null,
  sent_at: null,
  sender: { id: 1, username: 'admin' },
  created_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
};

function renderList(routes: MockRoute[]) {
  const mock = mockFetch([
    {
      method: 'GET',
      path: `${BASE}${broadcastPaths.list}`,
      status: 200,
      body: { data: { count: 1, results: [template] } },
    },
    ...routes,
  ]);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter>
        <BroadcastList status="template" />
      </MemoryRouter>
    </AppProviders>,
  );
  return mock;
}
const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const fieldMessage = (name: string) => {
  const id = input(name).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('broadcast messages list', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('counts the text against the 180 advice, checks fields first, then shows the server’s refusal on its field', async () => {
    const { calls } = renderList([
      {
        method: 'POST',
        path: `${BASE}${broadcastPaths.save}`,
        status: 400,
        body: { errors: [errorEntry('permission_denied', BROADCAST_MESSAGES.addressingAll, 'audience')] },
      },
      { method: 'GET', path: `${BASE}${broadcastPaths.tagChoices}`, status: 200, body: { data: [] } },
    ]);
    fireEvent.click(await screen.findByTestId('broadcast-create'));
    await screen.findByTestId('broadcast-dialog');
    type('body_text', 'x'.repeat(200));
    expect(screen.getByTestId('broadcast-text-counter').textContent).toBe(
      '200 characters: we advise at most 180',
    );
    type('body_text', 'Short.');
    expect(screen.getByTestId('broadcast-text-counter').textContent).toBe('6/180 characters advised');
    fireEvent.click(screen.getByTestId('broadcast-save'));
    await waitFor(() => expect(fieldMessage('name')).toBe('Field required'));
    expect(fieldMessage('title')).toBe('Field required');
    type('name', 'News');
    type('title', 'Hello');
    type('link', '/inside/');
    fireEvent.click(screen.getByTestId('broadcast-save'));
    await waitFor(() => expect(fieldMessage('link')).toMatch(/valid http\(s\) URL/));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    type('link', 'https://example.com/');
    fireEvent.click(screen.getByTestId('broadcast-save'));
    const dialog = screen.getByTestId('broadcast-dialog');
    expect(await within(dialog).findByText(/Your tags do not let you/)).toBeTruthy();
    const sent = JSON.parse(calls.find((c) => c.method === 'POST')!.body!);
    expect(sent).toMatchObject({
      name: 'News',
      title: 'Hello',
      link: 'https://example.com/',
      audience: 'all',
    });
  });

  it('asks before sending, saying how many members it reaches', async () => {
    const { calls } = renderList([
      { method: 'GET', path: at(broadcastPaths.audience, 7), status: 200, body: { data: { count: 1234 } } },
      {
        method: 'POST',
        path: at(broadcastPaths.send, 7),
        status: 200,
        body: { data: { ...template, status: 'sent' } },
      },
    ]);
    fireEvent.click(await screen.findByTestId('broadcast-send-7'));
    const confirm = await screen.findByTestId('broadcast-send-dialog');
    await waitFor(() => expect(confirm.textContent).toContain('1,234 members will get it'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(screen.getByTestId('broadcast-send-confirm'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === at(broadcastPaths.send, 7))).toBe(true),
    );
  });
});
