import {
  featurePaths,
  moderatedUserPath,
  moderatedUserScorePath,
  userModerationPaths,
  type ModeratedUser,
} from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user as sessionUser } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import ModerationPage from '../pages/moderation-page.tsx';

const BASE = '/c/demo';

const mario: ModeratedUser = {
  id: 21,
  username: 'mario',
  email: 'mario@example.com',
  email_validated: false,
  role: null,
  status: 'banned',
  ban_start: '2026-11-20T10:00:00.000Z',
  ban_until: '2026-11-25T10:00:00.000Z',
  registered: '2026-01-05T08:00:00.000Z',
  last_visit: '2026-11-19T18:30:00.000Z',
  deleted_at: null,
  flags_received: 4,
  flags_created: 1,
  followers: 12,
  followings: 3,
  posts: 9,
  discussions: 2,
  statuses: 5,
  polls: 1,
  score: 40,
};
const anna: ModeratedUser = {
  ...mario,
  id: 22,
  username: 'anna',
  email: 'anna@example.com',
  email_validated: true,
  role: 'admin',
  status: 'active',
  ban_start: null,
  ban_until: null,
  flags_received: 0,
  score: 7,
};

function renderUsers(routes: MockRoute[] = [], features = ['moderation_flags', 'moderation_users']) {
  const mock = mockFetch([
    ...routes,
    {
      method: 'GET',
      path: `${BASE}${userModerationPaths.list}`,
      status: 200,
      body: { data: { count: 2, results: [mario, anna] } },
    },
    {
      method: 'GET',
      path: `${BASE}${featurePaths.listEnabled}`,
      status: 200,
      body: { data: features },
    },
  ]);
  renderScreen('/moderation/*', <ModerationPage />, '/moderation/users');
  return mock;
}

/** Query strings of the list calls (mockFetch records only paths). */
function listQueries(fetchMock: ReturnType<typeof mockFetch>['fetchMock']): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname.endsWith(userModerationPaths.list))
    .map((url) => url.searchParams);
}

async function openDialog(username: string) {
  const row = (await screen.findAllByTestId('user-row')).find((r) => r.textContent?.includes(username));
  fireEvent.click(within(row!).getByRole('button', { name: 'Moderate' }));
  return screen.findByTestId('user-moderation-dialog');
}

describe('users moderation', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user: sessionUser, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('en');
  });

  it('lists members with their status, ban end, counters and score, and filters by status', async () => {
    const { fetchMock } = renderUsers();
    const rows = await screen.findAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    const row = rows[0]!;
    expect(within(row).getByText('mario')).toBeTruthy();
    expect(within(row).getByTestId('user-status').textContent).toBe('Banned');
    expect(row.textContent).toContain('Banned until');
    expect(row.textContent).toContain('mario@example.com');
    expect(within(row).getByText('Email not validated')).toBeTruthy();
    expect(within(row).getByTestId('user-flags_received').textContent).toBe('4');
    expect(within(row).getByTestId('user-followers').textContent).toBe('12');
    expect(within(row).getByTestId('user-posts').textContent).toBe('9');
    expect(within(row).getByTestId('user-score').textContent).toBe('40');
    expect(within(rows[1]!).getByText('Admin')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Users', selected: true })).toBeTruthy();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Banned' }));
    await waitFor(() => expect(listQueries(fetchMock).some((q) => q.get('status') === 'banned')).toBe(true));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search username or email' }), {
      target: { value: 'mar' },
    });
    await waitFor(() => expect(listQueries(fetchMock).some((q) => q.get('search') === 'mar')).toBe(true));
    const last = listQueries(fetchMock).at(-1)!;
    expect(last.get('status')).toBe('banned');
    expect(last.get('offset')).toBe('0');
  });

  it('bans for a number of days', async () => {
    const path = `${BASE}${moderatedUserPath(anna.id)}`;
    const { calls } = renderUsers([
      {
        method: 'POST',
        path,
        status: 200,
        body: { data: { ...anna, status: 'banned', ban_until: '2026-11-24T10:00:00.000Z' } },
      },
    ]);
    const dialog = await openDialog('anna');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Banned' }));
    fireEvent.click(within(dialog).getByRole('radio', { name: 'For a number of days' }));
    const days = within(dialog).getByRole('spinbutton', { name: 'Days' });
    fireEvent.change(days, { target: { value: '0' } });
    expect(within(dialog).getByText('Enter a whole number of days between 1 and 3650.')).toBeTruthy();
    expect(save.disabled).toBe(true);
    fireEvent.change(days, { target: { value: '3' } });
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({ status: 'banned', days: 3 });
    await waitFor(() =>
      expect(useNoticeStore.getState().notices[0]?.messageId).toBe('moderation.users.notice.saved'),
    );
    await waitFor(() => expect(screen.queryByTestId('user-moderation-dialog')).toBeNull());
  });

  it('bans forever without days, and asks for confirmation before a full deletion', async () => {
    const { calls } = renderUsers([
      {
        method: 'POST',
        path: `${BASE}${moderatedUserPath(anna.id)}`,
        status: 200,
        body: { data: { ...anna, status: 'banned' } },
      },
      {
        method: 'POST',
        path: `${BASE}${moderatedUserPath(mario.id)}`,
        status: 200,
        body: { data: { ...mario, status: 'fully_deleted' } },
      },
    ]);
    const posts = () => calls.filter((c) => c.method === 'POST');
    let dialog = await openDialog('anna');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Banned' }));
    expect((within(dialog).getByRole('radio', { name: 'Forever' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Email validated' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(JSON.parse(posts()[0]!.body!)).toEqual({ status: 'banned', email_validated: false });
    await waitFor(() => expect(screen.queryByTestId('user-moderation-dialog')).toBeNull());

    dialog = await openDialog('mario');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Fully deleted (GDPR)' }));
    expect(within(dialog).getByText(/erases the user's personal data for good/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const confirm = await screen.findByRole('dialog', { name: 'Fully delete mario?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Fully delete mario?' })).toBeNull());
    expect(posts()).toHaveLength(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    const again = await screen.findByRole('dialog', { name: 'Fully delete mario?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Fully delete' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    expect(posts()[1]!.path).toBe(`${BASE}${moderatedUserPath(mario.id)}`);
    expect(JSON.parse(posts()[1]!.body!)).toEqual({ status: 'fully_deleted' });
  });

  it('shows the refusal in words, and changes the score only with valid points and a comment', async () => {
    const { calls } = renderUsers([
      {
        method: 'POST',
        path: `${BASE}${moderatedUserPath(anna.id)}`,
        status: 403,
        body: {
          errors: [
            {
              code: 'admin_protected',
              message: 'A moderator cannot ban or delete an administrator.',
              messages: [],
            },
          ],
        },
      },
      {
        method: 'POST',
        path: `${BASE}${moderatedUserScorePath(anna.id)}`,
        status: 200,
        body: {
          data: {
            score: 2,
            entry: {
              id: 1,
              user_id: anna.id,
              at: '2026-11-21T10:00:00.000Z',
              points: -5,
              total_after: 2,
              action: 'manual',
              note: 'Rude replies',
              by_staff_id: 11,
              by_staff_username: 'ada',
            },
          },
        },
      },
    ]);
    const dialog = await openDialog('anna');
    fireEvent.click(within(dialog).getByRole('radio', { name: 'Deleted' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(useNoticeStore.getState().notices[0]?.messageId).toBe('moderation.users.error.adminProtected'),
    );
    expect(screen.getByTestId('user-moderation-dialog')).toBeTruthy();

    const apply = within(dialog).getByRole('button', { name: 'Change the score' });
    fireEvent.click(apply);
    expect(within(dialog).getByText('A valid score is required.')).toBeTruthy();
    expect(within(dialog).getByText('A comment is required.')).toBeTruthy();
    expect(calls.some((c) => c.path.endsWith('/score/'))).toBe(false);
    fireEvent.change(within(dialog).getByRole('spinbutton', { name: 'Points' }), { target: { value: '-5' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Comment' }), {
      target: { value: 'Rude replies' },
    });
    fireEvent.click(apply);
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/score/'))).toBe(true));
    expect(JSON.parse(calls.find((c) => c.path.endsWith('/score/'))!.body!)).toEqual({
      points: -5,
      comment: 'Rude replies',
    });
    expect(await within(dialog).findByText('Score: 2')).toBeTruthy();
  });

  it('has no users tab when the feature is off', async () => {
    renderUsers([], ['moderation_flags']);
    await screen.findByRole('tab', { name: 'Flagged contents' });
    expect(screen.queryByRole('tab', { name: 'Users' })).toBeNull();
  });
});
