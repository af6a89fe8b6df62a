import { errorEntry, taggingPaths, TAGGING_MESSAGES } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { TagDialog } from './tag-dialog.tsx';
import { ambassadorsTag } from '../test/tag-fixtures.ts';

const BASE = '/c/demo';

const saved = ambassadorsTag(7);

function renderDialog(routes: MockRoute[] = []) {
  const mock = mockFetch(routes);
  const onSaved = vi.fn();
  render(
    <AppProviders queryClient={new QueryClient()}>
      <TagDialog type="user" tag={null} open onClose={() => undefined} onSaved={onSaved} />
    </AppProviders>,
  );
  return { ...mock, onSaved };
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
const save = () => fireEvent.click(screen.getByTestId('tag-save'));

describe('tag dialog', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('checks name and description before sending, then shows the server refusal of a duplicate', async () => {
    const { calls, onSaved } = renderDialog([
      {
        method: 'POST',
        path: `${BASE}${taggingPaths.add}`,
        status: 400,
        body: { errors: [errorEntry('unique', TAGGING_MESSAGES.unique, 'name')] },
      },
    ]);
    save();
    expect(await screen.findByText('Insert a valid name')).toBeTruthy();
    type('name', 'x'.repeat(36));
    save();
    expect(await screen.findByText('Insert a valid name (at most 35 characters).')).toBeTruthy();
    type('name', 'Ambassadors');
    type('description', 'd'.repeat(121));
    save();
    expect(await screen.findByText('Ensure this field has no more than 120 characters.')).toBeTruthy();
    expect(calls).toHaveLength(0);

    type('description', 'Our best members');
    fireEvent.click(screen.getByTestId('swatch-#3F51B5'));
    save();
    expect(await screen.findByText('This field must be unique')).toBeTruthy();
    expect(calls).toHaveLength(1);
    expect(JSON.parse(calls[0]!.body!)).toMatchObject({
      type: 'user',
      name: 'Ambassadors',
      description: 'Our best members',
      color: '#3F51B5',
    });
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('hands back the saved tag', async () => {
    const { onSaved } = renderDialog([
      { method: 'POST', path: `${BASE}${taggingPaths.add}`, status: 200, body: { data: saved } },
    ]);
    type('name', 'Ambassadors');
    save();
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
  });
});
