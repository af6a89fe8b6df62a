import { taggingPaths, type TagObject } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { TagAssignment } from './tag-assignment.tsx';
import { ambassadorsTag } from '../test/tag-fixtures.ts';

const BASE = '/c/demo';
const at = (path: string) => `${BASE}${path.replace(':id', '9')}`;

const tag = ambassadorsTag(9);

let members: TagObject[] = [];
const someMembers = (): TagObject[] =>
  Array.from({ length: 25 }, (_, i) => ({
    id: 100 + i,
    label: `member-${String(i).padStart(3, '0')}`,
    detail: `member-${i}@members.test`,
    assigned: false,
    ordering: null,
  }));

/** The server's answer from now on: member-024 carries the tag, or not. */
const setAssigned = (assigned: boolean) => {
  members[24]!.assigned = assigned;
};

function renderAssignment() {
  members = someMembers();
  const objects = { data: { count: 305, results: members } };
  const mock = mockFetch([
    { method: 'GET', path: at(taggingPaths.list), status: 200, body: { data: { count: 1, results: [tag] } } },
    {
      method: 'GET',
      path: at(taggingPaths.objects),
      status: 200,
      body: objects,
    },
    { method: 'POST', path: at(taggingPaths.assign), status: 200, body: { data: { assigned_count: 1 } } },
    { method: 'POST', path: at(taggingPaths.unassign), status: 200, body: { data: { assigned_count: 0 } } },
  ]);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <TagAssignment type="user" />
    </AppProviders>,
  );
  return mock;
}

/** The query strings of the element pages asked for so far. */
const objectQueries = (fetchMock: ReturnType<typeof mockFetch>['fetchMock']) =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input)))
    .filter((url) => url.pathname === at(taggingPaths.objects))
    .map((url) => Object.fromEntries(url.searchParams));

async function pickTag() {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Tag' }));
  fireEvent.click(await screen.findByRole('option', { name: 'Ambassadors' }));
  await screen.findByRole('checkbox', { name: 'member-024' });
}

describe('tag assignment', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('pages through every member on the server and tells the count', async () => {
    const { fetchMock } = renderAssignment();
    await pickTag();
    expect(screen.getByTestId('tag-objects-pager-range').textContent).toContain('1–25 of 305');
    expect(objectQueries(fetchMock)).toContainEqual({ limit: '25', offset: '0' });
    fireEvent.click(screen.getByTestId('tag-objects-pager-next'));
    await waitFor(() =>
      expect(screen.getByTestId('tag-objects-pager-range').textContent).toContain('26–50 of 305'),
    );
    expect(objectQueries(fetchMock)).toContainEqual({ limit: '25', offset: '25' });
  });

  it('sends the search to the server once typing pauses, from the first page', async () => {
    const { fetchMock } = renderAssignment();
    await pickTag();
    fireEvent.click(screen.getByTestId('tag-objects-pager-next'));
    await waitFor(() => expect(objectQueries(fetchMock)).toContainEqual({ limit: '25', offset: '25' }));
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), { target: { value: 'mem' } });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search users' }), {
      target: { value: 'member-3' },
    });
    await waitFor(() =>
      expect(objectQueries(fetchMock)).toContainEqual({ search: 'member-3', limit: '25', offset: '0' }),
    );
    // The half-typed text was never sent.
    expect(objectQueries(fetchMock).some((q) => q.search === 'mem')).toBe(false);
  });

  it('assigns at once, says so, and undoes from the notice', async () => {
    const { calls } = renderAssignment();
    await pickTag();
    const box = screen.getByRole('checkbox', { name: 'member-024' });
    setAssigned(true);
    fireEvent.click(box);
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(true));
    const notice = await screen.findByRole('alert');
    expect(notice.textContent).toContain('“Ambassadors” assigned to member-024');
    const assigned = calls.find((c) => c.method === 'POST' && c.path === at(taggingPaths.assign));
    expect(JSON.parse(assigned?.body ?? '{}')).toEqual({ object_type: 'user', object_ids: [124] });

    setAssigned(false);
    fireEvent.click(within(notice).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === at(taggingPaths.unassign))).toBe(true),
    );
    const undone = calls.find((c) => c.path === at(taggingPaths.unassign));
    expect(JSON.parse(undone?.body ?? '{}')).toEqual({ object_type: 'user', object_ids: [124] });
    expect(await screen.findByText('“Ambassadors” removed from member-024')).toBeTruthy();
    await waitFor(() => expect((box as HTMLInputElement).checked).toBe(false));
  });
});
