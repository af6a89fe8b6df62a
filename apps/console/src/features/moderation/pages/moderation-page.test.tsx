import { featurePaths, flagActionPath, moderationPaths, type FlaggedContent } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import ModerationPage from './moderation-page.tsx';

const BASE = '/c/demo';

const item: FlaggedContent = {
  content_type: 'post',
  content_id: 7,
  author: { id: 4, username: 'rude' },
  flagged_by: ['AI bot', 'alice'],
  reasons: ['aggressive', 'spam'],
  flag_count: 2,
  last_flagged_at: '2026-11-21T09:00:00.000Z',
  last_moderated_at: null,
  status: 'open',
  moderator: null,
  motivation: null,
  excerpt: 'You are all idiots',
  content_status: 'published',
  votes: 3,
  shares: 1,
};

function renderPage(entry: string, routes: MockRoute[] = []) {
  const mock = mockFetch([
    ...routes,
    {
      method: 'GET',
      path: `${BASE}${featurePaths.listEnabled}`,
      status: 200,
      body: { data: ['moderation_flags', 'moderation_ai'] },
    },
  ]);
  renderScreen('/moderation/*', <ModerationPage />, entry);
  return mock;
}

describe('moderation page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('en');
  });

  it('lists flagged contents with the bot as a flagger, and filters by status', async () => {
    const { calls } = renderPage('/moderation/flags', [
      {
        method: 'GET',
        path: `${BASE}${moderationPaths.flags}`,
        status: 200,
        body: { data: { count: 1, results: [item] } },
      },
    ]);
    const row = await screen.findByTestId('flag-row');
    expect(within(row).getByText('You are all idiots')).toBeTruthy();
    expect(row.textContent).toContain('flagged by AI bot, alice');
    expect(within(row).getByText('Aggressive')).toBeTruthy();
    expect(within(row).getByText('2 flags')).toBeTruthy();
    const first = calls.find((c) => c.path.endsWith(moderationPaths.flags));
    expect(first).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Settings' })).toBeTruthy();
  });

  it('goes back to the flag list from a flagged content through its tab', async () => {
    renderPage('/moderation/flags/post/7', [
      { method: 'GET', path: `${BASE}${flagActionPath('post', 7)}`, status: 200, body: { data: item } },
      {
        method: 'GET',
        path: `${BASE}${moderationPaths.flags}`,
        status: 200,
        body: { data: { count: 0, next: null, previous: null, results: [] } },
      },
    ]);
    await screen.findByTestId('flag-detail');
    fireEvent.click(screen.getByRole('tab', { name: 'Flagged contents' }));
    expect(await screen.findByTestId('flag-list')).toBeTruthy();
    expect(screen.queryByTestId('flag-detail')).toBeNull();
  });

  it('hides only with a motivation among the flag reasons, and confirms before deleting', async () => {
    const path = `${BASE}${flagActionPath('post', 7)}`;
    const { calls } = renderPage('/moderation/flags/post/7', [
      { method: 'GET', path, status: 200, body: { data: item } },
      {
        method: 'POST',
        path,
        status: 200,
        body: { data: { ...item, status: 'hidden', motivation: 'spam', moderator: 'ada' } },
      },
    ]);
    const detail = await screen.findByTestId('flag-detail');
    const hide = within(detail).getByRole('button', { name: 'Hide' }) as HTMLButtonElement;
    expect(hide.disabled).toBe(true);
    fireEvent.mouseDown(within(detail).getByRole('combobox', { name: 'Motivation' }));
    const options = await screen.findAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Aggressive', 'Spam']);
    fireEvent.click(screen.getByRole('option', { name: 'Spam' }));
    await waitFor(() => expect(hide.disabled).toBe(false));
    fireEvent.click(hide);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post!.body!)).toEqual({ action: 'hide', motivation: 'spam' });
    expect(await within(detail).findByText('Hidden')).toBeTruthy();
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('moderation.notice.done');

    fireEvent.click(within(detail).getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Delete this content?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
  });
});
