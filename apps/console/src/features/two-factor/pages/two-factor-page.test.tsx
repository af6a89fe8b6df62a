import { errorEntry, twoFactorPaths, type TwoFactorStatus } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../../../app/app-providers.tsx';
import TwoFactorPage from './two-factor-page.tsx';

const off: TwoFactorStatus = { enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] };
const on: TwoFactorStatus = {
  enabled: true,
  enabled_at: '2026-11-20T10:00:00Z',
  recovery_codes_left: 2,
  required_by: [],
};
const enrolment = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauth_uri: 'otpauth://totp/Agora:ada?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Agora',
  qr_svg: 'data:image/svg+xml;base64,PHN2Zy8+',
  digits: 6,
  period: 30,
};
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jkmn-pq${String(i).padStart(2, '0')}`);

const statusRoute = (status: TwoFactorStatus): MockRoute => ({
  method: 'GET',
  path: twoFactorPaths.status,
  status: 200,
  body: { data: status },
});
const wrongCode: MockRoute['body'] = {
  errors: [errorEntry('invalid_two_factor_code', 'This code is wrong, expired or already used.', 'code')],
};

function renderPage(routes: MockRoute[]) {
  const mock = mockFetch(routes);
  const router = createMemoryRouter([{ path: '/account/two_factor', element: <TwoFactorPage /> }], {
    initialEntries: ['/account/two_factor'],
  });
  // No retries: a failed load shows its error at once.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return mock;
}

describe('two-step verification page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    clearNotices();
    applyLocale('en');
  });

  it('walks the enrolment: QR code and key, a wrong code refused, then ten recovery codes shown once', async () => {
    const routes: MockRoute[] = [
      statusRoute(off),
      { method: 'POST', path: twoFactorPaths.enrol, status: 200, body: { data: enrolment } },
      { method: 'POST', path: twoFactorPaths.confirm, status: 400, body: wrongCode },
    ];
    const { calls } = renderPage(routes);
    expect(await screen.findByText('Two-step verification is off')).toBeTruthy();
    fireEvent.click(screen.getByTestId('two-factor-start'));
    const qr = await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(enrolment.qr_svg);
    expect(screen.getByTestId('enrolment-secret').textContent).toBe(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    );

    const field = screen.getByLabelText('Code from the app');
    expect(field.getAttribute('autocomplete')).toBe('one-time-code');
    fireEvent.change(field, { target: { value: '000000' } });
    fireEvent.click(screen.getByTestId('enrolment-confirm'));
    expect(await screen.findByText(/This code is wrong, expired or already used/)).toBeTruthy();

    routes[2] = {
      method: 'POST',
      path: twoFactorPaths.confirm,
      status: 200,
      body: { data: { recovery_codes: codes } },
    };
    routes[0] = statusRoute({ ...on, recovery_codes_left: 10 });
    fireEvent.change(field, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('enrolment-confirm'));
    const list = await screen.findByRole('list', { name: 'Recovery codes' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(codes);
    expect(calls.filter((c) => c.path === twoFactorPaths.confirm).map((c) => c.body)).toEqual([
      'code=000000',
      'code=123456',
    ]);

    fireEvent.click(screen.getByTestId('recovery-codes-done'));
    expect(await screen.findByText('Two-step verification is on')).toBeTruthy();
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(screen.getByTestId('recovery-codes-left').textContent).toBe('10 unused recovery codes left.');
  });

  it('asks for confirmation and a code before turning off, and can be cancelled', async () => {
    const { calls } = renderPage([
      statusRoute(on),
      { method: 'POST', path: twoFactorPaths.disable, status: 200, body: { data: {} } },
    ]);
    fireEvent.click(await screen.findByTestId('two-factor-disable'));
    const dialog = await screen.findByRole('dialog', { name: 'Turn off two-step verification?' });
    expect(within(dialog).getByText('Your account will be protected by your password alone.')).toBeTruthy();
    const confirm = within(dialog).getByTestId('two-factor-disable-dialog-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    fireEvent.click(within(dialog).getByText('Cancel'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((c) => c.path === twoFactorPaths.disable)).toBe(false);

    fireEvent.click(screen.getByTestId('two-factor-disable'));
    const again = await screen.findByRole('dialog');
    fireEvent.change(within(again).getByLabelText('Code from the app or recovery code'), {
      target: { value: 'abcd-efgh-jkmn-pq00' },
    });
    fireEvent.click(within(again).getByTestId('two-factor-disable-dialog-confirm'));
    await waitFor(() => expect(calls.some((c) => c.path === twoFactorPaths.disable)).toBe(true));
    expect(calls.find((c) => c.path === twoFactorPaths.disable)?.body).toBe('code=abcd-efgh-jkmn-pq00');
  });

  it('warns when few recovery codes are left and makes new ones for a current code', async () => {
    renderPage([
      statusRoute(on),
      {
        method: 'POST',
        path: twoFactorPaths.recoveryCodes,
        status: 200,
        body: { data: { recovery_codes: codes } },
      },
    ]);
    expect(await screen.findByText(/running out of recovery codes/)).toBeTruthy();
    fireEvent.click(screen.getByTestId('two-factor-regenerate'));
    const dialog = await screen.findByRole('dialog', { name: 'Make new recovery codes?' });
    fireEvent.change(within(dialog).getByLabelText('Code from the app'), { target: { value: '654321' } });
    fireEvent.click(within(dialog).getByTestId('two-factor-regenerate-dialog-confirm'));
    expect(await screen.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
  });

  it('says which communities require it while it is off', async () => {
    renderPage([statusRoute({ ...off, required_by: [{ id: 3, slug: 'demo', name: 'Demo' }] })]);
    expect((await screen.findByTestId('two-factor-required')).textContent).toContain(
      'Demo requires two-step verification from its staff',
    );
  });

  it('shows an error with a retry when the status fails to load', async () => {
    renderPage([{ method: 'GET', path: twoFactorPaths.status, status: 500, body: {} }]);
    expect(
      await screen.findByText('Two-step verification could not be loaded.', {}, { timeout: 4000 }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });

  it('speaks Italian', async () => {
    applyLocale('it');
    renderPage([statusRoute(off)]);
    expect(await screen.findByText('La verifica in due passaggi non è attiva')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Verifica in due passaggi' })).toBeTruthy();
  });
});
