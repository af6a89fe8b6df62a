import {
  appSettingsPath,
  dynamicPreferencePaths,
  errorEntry,
  APP_REQUEST_ERROR_MESSAGE,
  type AppRequest,
} from '@agora/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { useDynamicPreferenceStore } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { emptyDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-state.ts';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices, useNoticeStore } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import AppSettingsPage from './app-settings-page.tsx';

const BASE = '/c/demo';

const none = (platform: 'android' | 'ios'): AppRequest => ({
  platform,
  status: null,
  account: {},
  sent_at: null,
  updated_at: null,
  history: [],
  can_send: true,
  min_os: platform === 'android' ? '8.0' : '9.0',
  store_url_preference: platform === 'android' ? 'app_url_on_google_play' : 'app_url_on_app_store',
});

const inCharge: AppRequest = {
  ...none('ios'),
  status: 'taken_in_charge',
  account: { apple_team_id: 'AB12CD34EF', apple_account_email: 'apple@example.com' },
  sent_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-21T09:00:00.000Z',
  history: [
    { status: 'sent', at: '2026-11-20T09:00:00.000Z' },
    { status: 'received_under_verification', at: '2026-11-20T15:00:00.000Z' },
    { status: 'taken_in_charge', at: '2026-11-21T09:00:00.000Z' },
  ],
  can_send: false,
};

const storeUrls = [
  { id: 1, section: 'providers', name: 'app_url_on_google_play', value: '', type: 'url' },
  {
    id: 2,
    section: 'providers',
    name: 'app_url_on_app_store',
    value: 'https://apps.apple.com/app/demo',
    type: 'url',
  },
];

function renderPage(routes: MockRoute[] = []) {
  const mock = mockFetch([
    ...routes,
    {
      method: 'GET',
      path: `${BASE}${appSettingsPath('android')}`,
      status: 200,
      body: { data: none('android') },
    },
    { method: 'GET', path: `${BASE}${appSettingsPath('ios')}`, status: 200, body: { data: inCharge } },
    {
      method: 'GET',
      path: `${BASE}${dynamicPreferencePaths.getList}`,
      status: 200,
      body: { data: storeUrls },
    },
  ]);
  renderScreen('/app_settings', <AppSettingsPage />);
  return mock;
}

const field = (card: HTMLElement, name: string) => card.querySelector(`[name="${name}"]`) as HTMLInputElement;

describe('app settings page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    useDynamicPreferenceStore.setState({ ...emptyDynamicPreferences, internalUrl: null }, true);
    clearNotices();
    applyLocale('en');
  });

  it('shows both stores with their supported versions, status, timeline and store badge URL', async () => {
    renderPage();
    const android = await screen.findByTestId('app-card-android');
    expect(within(android).getByText('Android 8.0 and up')).toBeTruthy();
    expect(await within(android).findByText('No request has been sent yet.')).toBeTruthy();
    expect(within(android).getByText('Not requested')).toBeTruthy();
    const ios = screen.getByTestId('app-card-ios');
    expect(within(ios).getByText('iOS 9.0 and up')).toBeTruthy();
    expect(await within(ios).findAllByText('Taken in charge')).toHaveLength(2);
    const timeline = within(ios).getByTestId('timeline-ios');
    expect(within(timeline).getByText('Received and under verification')).toBeTruthy();
    expect(within(timeline).getByText('Completed')).toBeTruthy();
    expect(within(timeline).getByTestId('timeline-ios-sent').textContent).toContain('Nov 20, 2026');
    expect(field(ios, 'apple_team_id').value).toBe('AB12CD34EF');
    expect(field(ios, 'apple_team_id').disabled).toBe(true);
    expect((within(ios).getByTestId('app-send-ios') as HTMLButtonElement).disabled).toBe(true);
    expect(await screen.findByDisplayValue('https://apps.apple.com/app/demo')).toBeTruthy();
  });

  it('refuses invalid accounts with the spec message, without calling the server', async () => {
    const { calls } = renderPage();
    const android = await screen.findByTestId('app-card-android');
    await within(android).findByText('No request has been sent yet.');
    fireEvent.change(field(android, 'google_play_developer_id'), { target: { value: '12ab' } });
    fireEvent.change(field(android, 'google_play_account_email'), { target: { value: 'nope' } });
    fireEvent.click(within(android).getByTestId('app-send-android'));
    expect(await within(android).findByText('Invalid email')).toBeTruthy();
    expect(
      within(android).getByText('A Google Play developer account id is made of 10 to 25 digits.'),
    ).toBeTruthy();
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('appSettings.sendError');
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);
  });

  it('sends the request and shows its new state; a refusal from the server shows the message too', async () => {
    const sent: AppRequest = {
      ...none('android'),
      status: 'sent',
      account: { google_play_developer_id: '1234567890', google_play_account_email: 'dev@example.com' },
      sent_at: '2026-11-21T10:00:00.000Z',
      history: [{ status: 'sent', at: '2026-11-21T10:00:00.000Z' }],
    };
    const { calls } = renderPage([
      { method: 'POST', path: `${BASE}${appSettingsPath('android')}`, status: 200, body: { data: sent } },
    ]);
    const android = await screen.findByTestId('app-card-android');
    await within(android).findByText('No request has been sent yet.');
    fireEvent.change(field(android, 'google_play_developer_id'), { target: { value: '1234567890' } });
    fireEvent.change(field(android, 'google_play_account_email'), { target: { value: 'dev@example.com' } });
    fireEvent.click(within(android).getByTestId('app-send-android'));
    expect(await within(android).findByText('Send again')).toBeTruthy();
    expect(within(android).getByTestId('status-android').textContent).toBe('Sent');
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('appSettings.sent');
    expect(calls.find((call) => call.method === 'POST')?.body).toBe(
      'google_play_developer_id=1234567890&google_play_account_email=dev%40example.com',
    );
  });

  it("maps the server's field errors", async () => {
    renderPage([
      {
        method: 'POST',
        path: `${BASE}${appSettingsPath('android')}`,
        status: 400,
        body: {
          errors: [
            errorEntry('invalid_accounts', APP_REQUEST_ERROR_MESSAGE),
            errorEntry('invalid', 'Invalid email', 'google_play_account_email'),
          ],
        },
      },
    ]);
    const android = await screen.findByTestId('app-card-android');
    await within(android).findByText('No request has been sent yet.');
    fireEvent.change(field(android, 'google_play_developer_id'), { target: { value: '1234567890' } });
    fireEvent.change(field(android, 'google_play_account_email'), { target: { value: 'dev@example.com' } });
    fireEvent.click(within(android).getByTestId('app-send-android'));
    expect(await within(android).findByText('Invalid email')).toBeTruthy();
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('appSettings.sendError');
  });
});
