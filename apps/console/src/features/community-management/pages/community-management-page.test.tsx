import { errorEntry, INVALID_URLS_MESSAGE } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import CommunityManagementPage from './community-management-page.tsx';

const render = (path: string) =>
  renderSettings(<CommunityManagementPage />, { path, route: '/community_management/*' });

const fieldOf = (input: HTMLElement) => input.closest('.MuiFormControl-root') as HTMLElement;

describe('community management', { timeout: 20_000 }, () => {
  it('blocks saving an e-mail URL without its placeholder, on the field and with the notice', async () => {
    const server = settingsServer();
    render('/community_management/urls');
    const post = await screen.findByTestId('url-url_template_post');
    expect(fieldOf(post).textContent).toContain('Must contain {id}.');
    expect(fieldOf(screen.getByTestId('url-url_template_profile')).textContent).toContain(
      'Must contain {id} or {ext_id}.',
    );
    expect(fieldOf(screen.getByTestId('url-url_template_verify_email')).textContent).toContain(
      'Must contain {validation_code}.',
    );
    fireEvent.change(post, { target: { value: 'https://c.example.com/post/' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText(INVALID_URLS_MESSAGE)).toBeTruthy();
    expect(fieldOf(post).textContent).toContain('Url not valid. It must contains {id}.');
    expect(server.writes()).toEqual([]);

    fireEvent.change(post, { target: { value: 'https://c.example.com/post/{id}' } });
    expect(fieldOf(post).textContent).not.toContain('Url not valid');
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(server.writes()[0]?.body).toEqual({ url_template_post: 'https://c.example.com/post/{id}' });
  });

  it("shows the server's refusal of a URL on its field", async () => {
    settingsServer({
      onUpdate: () => ({
        status: 400,
        body: {
          errors: [
            errorEntry('invalid_urls', INVALID_URLS_MESSAGE),
            errorEntry('url_placeholder', 'Url not valid. It must contains {id}.', 'url_template_comment'),
          ],
        },
      }),
    });
    render('/community_management/urls');
    const comment = await screen.findByTestId('url-url_template_comment');
    fireEvent.change(comment, { target: { value: 'https://c.example.com/c/{id}' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText(INVALID_URLS_MESSAGE)).toBeTruthy();
    await waitFor(() =>
      expect(fieldOf(comment).textContent).toContain('Url not valid. It must contains {id}.'),
    );
  });

  it('makes follow and connection one choice', async () => {
    const server = settingsServer({ values: { connection_enabled: true, follow_enabled: false } });
    render('/community_management');
    const follow = await screen.findByRole('radio', { name: 'Followers' });
    expect((screen.getByRole('radio', { name: 'Connections' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(follow);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ follow_enabled: true, connection_enabled: false });
  });

  it('refuses unsafe HTML in the GDPR fields before sending it', async () => {
    const server = settingsServer();
    render('/community_management');
    const field = await screen.findByRole('textbox', { name: 'Consent text at sign-up (HTML)' });
    fireEvent.change(field, { target: { value: '<p onclick="x()">I agree</p>' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() =>
      expect(fieldOf(field).textContent).toContain('Scripts, frames and event handlers are not allowed.'),
    );
    expect(server.writes()).toEqual([]);
  });

  it('hides the tabs whose feature is off and sends their address back to general', async () => {
    settingsServer({ features: ['gdpr_settings'] });
    const { router } = render('/community_management/seo');
    await waitFor(() => expect(router.state.location.pathname).toBe('/community_management'));
    const tabs = await screen.findByRole('tablist');
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['General', 'URLs']);
  });

  it('shows the SEO advice counters without enforcing them, and a live preview', async () => {
    const server = settingsServer({ values: { application_name: 'Demo' } });
    render('/community_management/seo');
    const title = await screen.findByRole('textbox', { name: 'Tag title' });
    expect(screen.getByTestId('seo-preview-title').textContent).toBe('Demo');
    const long = 'A community for gardeners who love tomatoes, peppers and every kind of herb';
    fireEvent.change(title, { target: { value: long } });
    expect(screen.getByTestId('counter-meta_title_home_not_logged').textContent).toContain(
      `${long.length} characters: more than the 70 advised`,
    );
    expect(screen.getByTestId('seo-preview-title').textContent?.endsWith('…')).toBe(true);
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ meta_title_home_not_logged: long });
  });

  it('saves the feed order and boost', async () => {
    const server = settingsServer();
    render('/community_management/feed');
    const order = await screen.findAllByRole('combobox', { name: 'Sort by' });
    fireEvent.mouseDown(order[0] as HTMLElement);
    fireEvent.click(await screen.findByRole('option', { name: 'Last interaction' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(server.writes()).toHaveLength(1));
    expect(server.writes()[0]?.body).toEqual({ home_stream_order_by: 'last_activity' });
  });
});
