import { oauthAppPaths, type OAuthApp } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import IntegrationsPage from './integrations-page.tsx';

const render = (path: string) => renderSettings(<IntegrationsPage />, { path, route: '/integrations/*' });

const APP: OAuthApp = {
  id: 7,
  name: 'Shop',
  description: '',
  image: '',
  client_type: 'confidential',
  grant_types: ['authorization_code', 'refresh_token'],
  redirect_uris: 'https://shop.example/cb',
  client_id: 'client-7',
  has_secret: true,
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

const list = (apps: OAuthApp[]) => () => ({
  status: 200,
  body: { data: { count: apps.length, results: apps } },
});

describe('OAuth 2.0 apps', { timeout: 30_000 }, () => {
  it('walks the wizard, lists every error the server gives, then shows the secret once', async () => {
    let attempt = 0;
    const server = settingsServer({
      routes: {
        [`GET ${oauthAppPaths.list}`]: list([]),
        [`POST ${oauthAppPaths.add}`]: () =>
          ++attempt === 1
            ? {
                status: 400,
                body: {
                  errors: [
                    { code: 'required', message: 'Insert a name', field: 'name' },
                    {
                      code: 'invalid',
                      message: 'Enter a list of valid URLs separated by a space',
                      field: 'redirect_uris',
                    },
                  ],
                },
              }
            : { status: 200, body: { data: { ...APP, client_secret: 'agcs_once' } } },
      },
    });
    render('/integrations/api/oauth');
    expect(await screen.findByText('No app yet.')).toBeTruthy();
    fireEvent.click(screen.getByTestId('oauth-app-add'));
    const wizard = await screen.findByTestId('oauth-app-wizard');
    // Step 1: client type; step 2: the name is required before going on.
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    expect(await within(wizard).findByText('Insert a name (1 to 100 characters).')).toBeTruthy();
    fireEvent.change(within(wizard).getByTestId('oauth-app-name'), { target: { value: 'Shop' } });
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    const uris = await within(wizard).findByTestId('oauth-app-redirect-uris');
    fireEvent.change(uris, { target: { value: 'nope' } });
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    expect(within(wizard).getByText('Enter a list of valid URLs separated by a space')).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(uris, { target: { value: 'http://shop.example/cb' } });
    expect(within(wizard).getByTestId('oauth-https-advice')).toBeTruthy();
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    const failure = await within(wizard).findByTestId('oauth-create-failure');
    expect(failure.textContent).toContain('The application could not be created');
    expect(
      within(failure)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Name: Insert a name (1 to 100 characters).',
      'Redirect URIs: Enter a list of valid URLs separated by a space',
    ]);
    expect(server.writes()[0]?.body).toMatchObject({
      client_type: 'confidential',
      name: 'Shop',
      grant_types: ['authorization_code', 'refresh_token'],
      redirect_uris: 'http://shop.example/cb',
    });

    fireEvent.click(within(wizard).getByTestId('oauth-wizard-next'));
    const secret = await within(wizard).findByTestId('oauth-client-secret');
    expect((secret as HTMLInputElement).value).toBe('agcs_once');
    expect((within(wizard).getByTestId('oauth-client-id') as HTMLInputElement).value).toBe('client-7');
    fireEvent.click(within(wizard).getByTestId('oauth-wizard-done'));
    await waitFor(() => expect(screen.queryByTestId('oauth-app-wizard')).toBeNull());
    expect(screen.queryByTestId('oauth-client-secret')).toBeNull();
  });

  it('rotates a secret and deletes an app only after confirmation', async () => {
    const server = settingsServer({
      routes: {
        [`GET ${oauthAppPaths.list}`]: list([APP]),
        [`POST ${oauthAppPaths.rotateSecret.replace(':id', '7')}`]: () => ({
          status: 200,
          body: { data: { ...APP, client_secret: 'agcs_new' } },
        }),
        [`POST ${oauthAppPaths.delete.replace(':id', '7')}`]: () => ({
          status: 200,
          body: { data: { id: 7 } },
        }),
      },
    });
    render('/integrations/api/oauth');
    fireEvent.click(await screen.findByRole('button', { name: 'New secret for Shop' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'New secret for Shop' }));
    fireEvent.click(await screen.findByTestId('oauth-rotate-confirm'));
    expect(((await screen.findByTestId('oauth-client-secret')) as HTMLInputElement).value).toBe('agcs_new');
    fireEvent.click(screen.getByTestId('oauth-secret-done'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Delete Shop' }));
    fireEvent.click(await screen.findByTestId('oauth-delete-confirm'));
    await waitFor(() =>
      expect(server.writes().map((w) => w.path)).toContain('/platform/api/v1/oauth_apps/7/delete/'),
    );
  });

  it('shows a failed load with a retry, never an empty list', async () => {
    settingsServer({
      routes: { [`GET ${oauthAppPaths.list}`]: () => ({ status: 500, body: {} }) },
    });
    render('/integrations/api/oauth');
    expect(await screen.findByText('The apps could not be loaded.')).toBeTruthy();
    expect(screen.queryByText('No app yet.')).toBeNull();
  });
});
