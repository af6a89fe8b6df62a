import { errorEntry, twoFactorPaths } from '@agora/contract';
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
import { TwoFactorRequirementCard } from './two-factor-requirement-card.tsx';

const PATH = `/c/demo${twoFactorPaths.requirement}`;

function renderCard(routes: MockRoute[]) {
  const mock = mockFetch(routes);
  renderScreen('/staff', <TwoFactorRequirementCard />);
  return mock;
}

describe('staff two-step verification requirement', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('en');
  });

  it('lists the staff without a second factor and turns the requirement on', async () => {
    const routes: MockRoute[] = [
      {
        method: 'GET',
        path: PATH,
        status: 200,
        body: { data: { required: false, staff_without_two_factor: ['bob', 'eve'] } },
      },
      {
        method: 'POST',
        path: PATH,
        status: 200,
        body: { data: { required: true, staff_without_two_factor: ['bob', 'eve'] } },
      },
    ];
    const { calls } = renderCard(routes);
    expect((await screen.findByTestId('two-factor-missing')).textContent).toBe(
      'Without two-step verification (2): bob, eve',
    );
    const toggle = screen.getByRole('switch', {
      name: 'Require two-step verification from every staff member',
    });
    expect((toggle as HTMLInputElement).checked).toBe(false);
    routes[0] = { ...routes[1]!, method: 'GET' };
    fireEvent.click(toggle);
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')?.body).toBe('required=true');
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(true));
    // The switch saved at once; its notice says what changed and undoes it.
    expect(await screen.findByText('Two-step verification is now required from staff')).toBeTruthy();
    const off = { data: { required: false, staff_without_two_factor: ['bob', 'eve'] } };
    routes[1] = { ...routes[1]!, body: off };
    routes[0] = { ...routes[0]!, body: off };
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([
        'required=true',
        'required=false',
      ]),
    );
    await waitFor(() => expect((screen.getByRole('switch') as HTMLInputElement).checked).toBe(false));
    expect(await screen.findByText('Two-step verification is no longer required')).toBeTruthy();
  });

  it("explains that the owner's own second factor comes first", async () => {
    renderCard([
      {
        method: 'GET',
        path: PATH,
        status: 200,
        body: { data: { required: false, staff_without_two_factor: [] } },
      },
      {
        method: 'POST',
        path: PATH,
        status: 400,
        body: { errors: [errorEntry('two_factor_not_enabled', 'Turn it on first', 'required')] },
      },
    ]);
    expect(await screen.findByText('Every staff member uses two-step verification.')).toBeTruthy();
    fireEvent.click(screen.getByRole('switch'));
    const link = await screen.findByRole('link', { name: 'your own account' });
    expect(link.getAttribute('href')).toBe('/account/two_factor');
  });
});
