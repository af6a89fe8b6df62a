import { moderationPaths } from '@agora/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import { BotSettings } from './bot-settings.tsx';

const PATH = `/c/demo${moderationPaths.botStatus}`;

describe('moderation bot switch', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('it');
  });

  it('saves at once, says what changed and undoes it from the notice', async () => {
    const routes: MockRoute[] = [
      { method: 'GET', path: PATH, status: 200, body: { data: { enabled: false } } },
      { method: 'POST', path: PATH, status: 200, body: { data: { enabled: true } } },
    ];
    const { calls } = mockFetch(routes);
    renderScreen('/moderation', <BotSettings />);
    const toggle = await screen.findByRole('switch');
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    fireEvent.click(toggle);
    expect(await screen.findByText('Il bot di moderazione è attivo')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true);
    routes[1] = { ...routes[1]!, body: { data: { enabled: false } } };
    fireEvent.click(screen.getByRole('button', { name: 'Annulla' }));
    expect(await screen.findByText('Il bot di moderazione è disattivato')).toBeTruthy();
    expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
      '{"enabled":true}',
      '{"enabled":false}',
    ]);
  });
});
