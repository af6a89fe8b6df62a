import { taggingPaths, type TagAddressing } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { ambassadorsTag } from '../test/tag-fixtures.ts';
import { TagAddressingForm } from './tag-addressing.tsx';

const at = (path: string) => `/c/demo${path}`;

// A rule between tags far beyond the first page of tags: its names come with the rule.
const rule: TagAddressing = {
  id: 7,
  user_tag_from: 901,
  user_tag_to: [902],
  actions: ['broadcast'],
  tag_names: { '901': 'Zeta mentors', '902': 'Zeta newcomers' },
};

function renderForm() {
  const mock = mockFetch([
    {
      method: 'GET',
      path: at(taggingPaths.list),
      status: 200,
      body: { data: { count: 600, results: [ambassadorsTag(3)] } },
    },
    { method: 'GET', path: at(taggingPaths.addressing), status: 200, body: { data: [rule] } },
    { method: 'POST', path: at(taggingPaths.addressing), status: 200, body: { data: [] } },
  ]);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <TagAddressingForm />
    </AppProviders>,
  );
  return mock;
}

describe('tag addressing', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('shows each rule by its tag names, whatever page of tags they are on', async () => {
    renderForm();
    expect(await screen.findByText('Zeta mentors → Zeta newcomers')).toBeTruthy();
  });

  it('searches the source tag on the server, so every tag can be chosen', async () => {
    const { fetchMock } = renderForm();
    const field = screen.getByRole('combobox', { name: 'Source tag' });
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: 'Zeta' } });
    expect((field as HTMLInputElement).value).toBe('Zeta');
    await waitFor(() => {
      const searches = fetchMock.mock.calls
        .map(([input]) => new URL(String(input)))
        .filter((url) => url.pathname === at(taggingPaths.list))
        .map((url) => url.searchParams.get('search'));
      expect(searches).toContain('Zeta');
    });
  });

  it('deletes a rule only once the question is answered', async () => {
    const { calls } = renderForm();
    await screen.findByText('Zeta mentors → Zeta newcomers');
    fireEvent.click(screen.getByRole('button', { name: 'Delete: Zeta mentors → Zeta newcomers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this addressing rule?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent?.body ?? '{}')).toEqual({ id: 7, delete: true });
  });
});
