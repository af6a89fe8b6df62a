import { preferenceDefinition } from '@agora/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import ContentSettingsPage from './content-settings-page.tsx';

describe('content settings', { timeout: 20_000 }, () => {
  it('shows a failed load and a retry, never an empty form that could be saved over the settings', async () => {
    let failing = true;
    const server = settingsServer({
      values: { comments_enabled: false },
      onLoad: () =>
        failing ? { status: 500, body: { errors: [{ code: 'internal', message: 'down' }] } } : undefined,
    });
    renderSettings(<ContentSettingsPage />);
    expect(await screen.findByTestId('settings-load-error')).toBeTruthy();
    expect(screen.getByText(/The settings could not be loaded/)).toBeTruthy();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByTestId('settings-save')).toBeNull();

    failing = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    const comments = await screen.findByRole('switch', { name: 'Comments' });
    // The saved value, not a default: the form shows what the community has.
    expect((comments as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByTestId('settings-load-error')).toBeNull();
    expect(server.writes()).toEqual([]);
  });

  it('shows every switch with its helper text and saves only what changed', async () => {
    const server = settingsServer();
    renderSettings(<ContentSettingsPage />);
    const comments = await screen.findByRole('switch', { name: 'Comments' });
    expect((comments as HTMLInputElement).checked).toBe(true);
    expect(screen.getByText('Members can reply to contents with comments.')).toBeTruthy();
    for (const label of [
      'Posts',
      'Discussions',
      'Status updates',
      'Scheduled posts',
      'Video autoplay',
      'Polls',
    ]) {
      expect(screen.getByRole('switch', { name: label })).toBeTruthy();
    }
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(comments);
    fireEvent.click(screen.getByRole('switch', { name: 'Live streams' }));
    fireEvent.click(screen.getByTestId('settings-save'));
    expect(await screen.findByText('Settings updated')).toBeTruthy();
    expect(server.writes()).toEqual([
      {
        method: 'POST',
        path: '/platform/api/v1/dynamic_preference/update_multi/',
        body: { comments_enabled: false, live_stream_enabled: true },
      },
    ]);
    expect((screen.getByRole('switch', { name: 'Comments' }) as HTMLInputElement).checked).toBe(false);
  });

  it('shows the clamp hint and the value the server saved', async () => {
    expect(preferenceDefinition('incubator_subscribers')?.clamp).toEqual([10, 1200]);
    const server = settingsServer({
      values: { incubator_subscribers: 50 },
      onUpdate: (body) => ({
        status: 200,
        body: {
          data: {
            incubator_subscribers: {
              id: 1,
              section: 'addons',
              name: 'incubator_subscribers',
              value: Math.min(1200, Math.max(10, Number(body.incubator_subscribers))),
              type: 'int',
            },
          },
        },
      }),
    });
    renderSettings(<ContentSettingsPage />);
    const field = await screen.findByRole('spinbutton', { name: 'Members needed to publish a proposal' });
    expect(screen.getByText(/From 10 to 1200/)).toBeTruthy();
    expect(screen.getByTestId('incubator-saved').textContent).toBe('Saved value: 50');
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.click(screen.getByTestId('settings-save'));
    await waitFor(() => expect(screen.getByTestId('incubator-saved').textContent).toBe('Saved value: 10'));
    // The form follows the saved value once the store has it (after the answer, not with it).
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('10'));
    expect(server.writes()[0]?.body).toEqual({ incubator_subscribers: '5' });
  });

  it("hides the incubator when the community lacks the 'incubators' feature", async () => {
    const server = settingsServer({ features: ['seo'] });
    renderSettings(<ContentSettingsPage />);
    await screen.findByRole('switch', { name: 'Comments' });
    await waitFor(() => expect(server.calls.some((call) => call.path.endsWith('list_enabled/'))).toBe(true));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('switch', { name: 'Incubator' })).toBeNull();
  });
});
