import { taggingPaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { TagManager } from './tag-manager.tsx';
import { ambassadorsTag } from '../test/tag-fixtures.ts';

const tag = ambassadorsTag(9);

describe('tag manager', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('switches a tag off at once, says so, and undoes it from the notice', async () => {
    const { calls } = mockFetch([
      {
        method: 'GET',
        path: `/c/demo${taggingPaths.list}`,
        status: 200,
        body: { data: { count: 1, results: [tag] } },
      },
      { method: 'POST', path: `/c/demo${taggingPaths.setActive}`, status: 200, body: { data: null } },
    ]);
    render(
      <AppProviders queryClient={new QueryClient()}>
        <TagManager type="user" />
      </AppProviders>,
    );
    await screen.findByText('Ambassadors');
    const toggle = screen.getAllByRole('switch').at(-1) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    expect(await screen.findByText('1 tag deactivated')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('1 tag activated')).toBeTruthy();
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => JSON.parse(c.body ?? '{}'))).toEqual([
        { ids: [9], active: false },
        { ids: [9], active: true },
      ]),
    );
  });
});
