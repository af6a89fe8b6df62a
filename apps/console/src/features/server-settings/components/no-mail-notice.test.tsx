import { mailServerPaths, type StaffRole } from '@agora/contract';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { NoMailNotice } from './no-mail-notice.tsx';

// Issue 12 §2: no screen promises an email the community cannot send.
function renderNotice(sender: string, roles: StaffRole[] = ['admin']) {
  setStack({ ...stack, roles });
  const mock = mockFetch([
    { method: 'GET', path: `/c/demo${mailServerPaths.sending}`, status: 200, body: { data: { sender } } },
  ]);
  renderScreen(
    '/staff',
    <>
      <p>screen</p>
      <NoMailNotice messageId="staff.notifyNoMail" />
    </>,
  );
  return mock;
}

describe('the notice that replaces a promised email', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    applyLocale('en');
  });

  it('says what happens instead and leads an admin to the mail-server settings', async () => {
    renderNotice('none');
    const notice = await screen.findByTestId('no-mail-notice');
    expect(notice.textContent).toContain('the user cannot be notified by email');
    const link = screen.getByRole('link', { name: 'Set up a mail server' });
    expect(link.getAttribute('href')).toBe('/settings/email_server');
  });

  it('shows an editor the same words without a link to a screen it cannot open', async () => {
    renderNotice('none', ['editor']);
    await screen.findByTestId('no-mail-notice');
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('says nothing when the community or the deployment has a mail server', async () => {
    const { calls } = renderNotice('platform');
    await screen.findByText('screen');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.some((call) => call.path.endsWith('/mail_server/sending/'))).toBe(true);
    expect(screen.queryByTestId('no-mail-notice')).toBeNull();
  });
});
