import { dynamicPreferencePaths, memberAuthPaths } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import IntegrationsPage from './integrations-page.tsx';

const render = (path: string) => renderSettings(<IntegrationsPage />, { path, route: '/integrations/*' });
const isChecked = (name: string) => (screen.getByRole('switch', { name }) as HTMLInputElement).checked;
const isDisabled = (name: string) => (screen.getByRole('switch', { name }) as HTMLInputElement).disabled;
const NETWORKS = ['Share on Facebook', 'Share on X', 'Share on LinkedIn'];

describe('integrations', { timeout: 20_000 }, () => {
  it('opens the first tab whose feature is on', async () => {
    settingsServer({ features: ['social_share'] });
    const { router } = render('/integrations');
    await waitFor(() => expect(router.state.location.pathname).toBe('/integrations/social_share'));
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Social share', 'API']);
  });

  it('refuses a tag manager id that is not GTM-XXXX, sending nothing', async () => {
    const server = settingsServer();
    render('/integrations/google');
    const field = await screen.findByTestId('tag-manager-id');
    fireEvent.change(field, { target: { value: 'UA-12345' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText(/Enter a container id as GTM-XXXXXXX/)).toBeTruthy();
    expect(server.writes()).toEqual([]);
    fireEvent.change(field, { target: { value: 'gtm-ab12cd3' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ tag_manager_container_id: 'GTM-AB12CD3' });
  });

  it('disables the networks while contents are only for registered users', async () => {
    settingsServer({ values: { content_availability: false } });
    render('/integrations/social_share');
    expect(await screen.findByTestId('share-restricted')).toBeTruthy();
    for (const name of NETWORKS) expect(isDisabled(name)).toBe(true);
  });

  it('disables the networks while post sharing is off, and enables them with it', async () => {
    const server = settingsServer({ values: { share_post_enabled: false } });
    render('/integrations/social_share');
    expect(await screen.findByTestId('share-off')).toBeTruthy();
    for (const name of NETWORKS) expect(isDisabled(name)).toBe(true);
    fireEvent.click(screen.getByRole('switch', { name: 'Post sharing' }));
    for (const name of NETWORKS) expect(isDisabled(name)).toBe(false);
    expect(screen.queryByTestId('share-off')).toBeNull();
    fireEvent.click(screen.getByRole('switch', { name: 'Share on X' }));
    expect(isChecked('Share on X')).toBe(false);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({
      share_post_enabled: true,
      share_post_on_twitter_enabled: false,
    });
  });

  it('generates a new JWT key after confirmation and shows it once', async () => {
    let n = 0;
    const server = settingsServer({
      routes: {
        [`POST ${dynamicPreferencePaths.refreshJwtSecret}`]: () => ({
          status: 200,
          body: { data: { jwt_secret_key: `secret-key-${++n}`, jwt_algorithm: 'HS256' } },
        }),
      },
    });
    const { router } = render('/integrations/api');
    expect((await screen.findByTestId('jwt-algorithm')).textContent).toBe('HS256');
    fireEvent.click(screen.getByTestId('jwt-generate'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/The current key stops working at once/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(server.writes()).toEqual([]);

    fireEvent.click(screen.getByTestId('jwt-generate'));
    fireEvent.click(await screen.findByTestId('jwt-confirm'));
    const key = await screen.findByTestId('jwt-key');
    expect((key as HTMLInputElement).value).toBe('secret-key-1');
    expect(screen.getByText('Copy the key now and keep it safe: it will not be shown again.')).toBeTruthy();
    expect(server.writes()).toHaveLength(1);

    // Leaving the tab forgets the key: it is never shown again.
    await router.navigate('/integrations/google');
    await screen.findByTestId('tag-manager-id');
    await router.navigate('/integrations/api');
    await screen.findByTestId('jwt-generate');
    expect(screen.queryByTestId('jwt-key')).toBeNull();
  });

  it("shows the community's public client id for members' apps", async () => {
    settingsServer({
      routes: {
        [`GET ${memberAuthPaths.client}`]: () => ({
          status: 200,
          body: {
            data: {
              client_id: 'community-demo-0a1b2c',
              token_url: 'https://agora.test/c/demo/oauth/token/',
              api_url: 'https://agora.test/c/demo/api/v2/',
              grant_types: ['password', 'refresh_token'],
            },
          },
        }),
      },
    });
    render('/integrations/api');
    await waitFor(() =>
      expect((screen.getByTestId('member-client-id') as HTMLInputElement).value).toBe(
        'community-demo-0a1b2c',
      ),
    );
    expect((screen.getByTestId('member-token-url') as HTMLInputElement).value).toBe(
      'https://agora.test/c/demo/oauth/token/',
    );
  });
});
