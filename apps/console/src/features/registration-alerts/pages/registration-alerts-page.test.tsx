import { errorEntry, registrationAlertPaths, type RegistrationAlertState } from '@agora/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import RegistrationAlertsPage from './registration-alerts-page.tsx';

const BASE = '/c/demo';

const state: RegistrationAlertState = {
  active: true,
  span: 'monthly',
  date_from: null,
  date_to: null,
  threshold: 200,
  recipients: ['alerts@example.com'],
  block: false,
  count: 170,
  percent: 85,
  window_from: '2026-11-01T00:00:00.000Z',
  window_to: '2026-12-01T00:00:00.000Z',
  levels_sent: [80],
  registrations_blocked: false,
};

function renderAlerts(routes: MockRoute[] = []) {
  const mock = mockFetch([
    { method: 'GET', path: `${BASE}${registrationAlertPaths.get}`, status: 200, body: { data: state } },
    ...routes,
  ]);
  renderScreen('/registration_alerts', <RegistrationAlertsPage />);
  return mock;
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
/** Types a day's digits into a date field, section by section, as a keyboard does (English: month first). */
function typeDay(testId: string, digits: string) {
  act(() => within(screen.getByTestId(testId)).getAllByRole('spinbutton')[0]?.focus());
  for (const digit of digits)
    fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: digit } });
}
const save = () => fireEvent.click(screen.getByTestId('settings-save'));
const lastNotice = () => useNoticeStore.getState().notices[0];

describe('registration threshold page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
    applyLocale('en');
  });

  it('shows the current usage against the threshold with the 80, 90 and 100 % marks', async () => {
    renderAlerts();
    const usage = await screen.findByTestId('registration-usage');
    expect(within(usage).getByText('170 of 200 registrations (85%)')).toBeTruthy();
    expect(within(usage).getByText('From Nov 1, 2026 to Nov 30, 2026 (UTC)')).toBeTruthy();
    expect(within(usage).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('85');
    for (const level of ['80', '90', '100']) {
      expect(within(screen.getByTestId(`usage-mark-${level}`)).getByText(`${level}%`)).toBeTruthy();
    }
    expect(within(usage).getByText('80% alert sent')).toBeTruthy();
    expect(input('threshold').value).toBe('200');
    expect(input('recipients').value).toBe('alerts@example.com');
  });

  it('checks the form before sending: invalid email, threshold and dates block the save', async () => {
    const { calls } = renderAlerts();
    await screen.findByTestId('registration-alert-form');
    type('recipients', 'alerts@example.com\nnot-an-email');
    type('threshold', '0');
    save();
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Enter a whole number greater than zero.')).toBeTruthy();
    expect(lastNotice()?.messageId).toBe('registrationAlerts.updateError');

    type('recipients', '');
    save();
    expect(await screen.findByText('Required field')).toBeTruthy();

    // Specific dates need both days, the end after the start.
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Specific dates' }));
    typeDay('registration-alert-date-from', '11102026');
    typeDay('registration-alert-date-to', '11012026');
    expect(input('date_from').value).toBe('11/10/2026');
    type('recipients', 'a@example.com');
    type('threshold', '50');
    save();
    expect(await screen.findByText('The end date must be after the start date.')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('saves valid settings and shows the answer', async () => {
    const { calls } = renderAlerts([
      {
        method: 'POST',
        path: `${BASE}${registrationAlertPaths.update}`,
        status: 200,
        body: { data: { ...state, threshold: 150, percent: 113, block: true, registrations_blocked: true } },
      },
    ]);
    await screen.findByTestId('registration-alert-form');
    type('threshold', '150');
    type('recipients', 'alerts@example.com, owner@example.com');
    fireEvent.click(input('block'));
    save();
    expect(await screen.findByText('The threshold is reached: new registrations are blocked.')).toBeTruthy();
    expect(lastNotice()?.messageId).toBe('stackSettings.savedSettingsMessage');
    const body = new URLSearchParams(calls.find((call) => call.method === 'POST')?.body ?? '');
    expect(Object.fromEntries(body)).toEqual({
      active: 'true',
      span: 'monthly',
      date_from: '',
      date_to: '',
      threshold: '150',
      recipients: 'alerts@example.com,owner@example.com',
      block: 'true',
    });
  });

  it("shows 'Error on update threshold' and the server's field error when saving fails", async () => {
    renderAlerts([
      {
        method: 'POST',
        path: `${BASE}${registrationAlertPaths.update}`,
        status: 400,
        body: { errors: [errorEntry('too_many', 'Enter at most 20 recipients.', 'recipients')] },
      },
    ]);
    await screen.findByTestId('registration-alert-form');
    save();
    expect(await screen.findByText('Enter at most 20 recipients.')).toBeTruthy();
    expect(lastNotice()?.messageId).toBe('registrationAlerts.updateError');
    applyLocale('it');
    await waitFor(() => expect(screen.getByText('Inserisci al massimo 20 destinatari.')).toBeTruthy());
  });
});
