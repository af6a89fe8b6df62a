import { FEATURE_NAMES, featurePaths, isFeatureComing } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { featureKeys } from '../../../core/features/feature-queries.ts';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import HubFeaturesPage from './hub-features-page.tsx';

const HUB_PATH = featurePaths.hubToggle.replace(':id', '3');

describe('hub features', { timeout: 60_000 }, () => {
  it('lists every flag, toggles one and makes the community screens refetch their flags', async () => {
    const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, true])) as Record<string, boolean>;
    const server = settingsServer({
      routes: {
        [`GET ${HUB_PATH}`]: () => ({ status: 200, body: { data: flags } }),
        [`POST ${HUB_PATH}`]: (call) => {
          const body = call.body as { name: string; enabled: string };
          flags[body.name] = body.enabled === 'true';
          return { status: 200, body: { data: flags } };
        },
      },
    });
    const { queryClient } = renderSettings(<HubFeaturesPage />);
    await screen.findByTestId('hub-features');
    for (const name of FEATURE_NAMES) expect(screen.getByTestId(`hub-flag-${name}`)).toBeTruthy();
    const enabledKey = featureKeys.enabled('http://localhost:3000/c/demo');
    queryClient.setQueryData(enabledKey, [...FEATURE_NAMES]);

    const tagging = screen.getByTestId('hub-switch-tagging').querySelector('input') as HTMLInputElement;
    fireEvent.click(tagging);
    expect(await screen.findByText('“Tagging” switched off')).toBeTruthy();
    expect(server.writes()[0]).toMatchObject({ path: HUB_PATH, body: { name: 'tagging', enabled: 'false' } });
    expect(tagging.checked).toBe(false);
    // Nested flags say why they are off now.
    expect(screen.getByTestId('hub-flag-tagging_category').textContent).toContain(
      'Off while “Tagging” is off',
    );
    // The features query of the community is invalidated at once.
    await waitFor(() => expect(queryClient.getQueryState(enabledKey)?.isInvalidated).toBe(true));
    // The switch saved at once; its notice undoes it.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('“Tagging” switched on')).toBeTruthy();
    expect(server.writes()[1]).toMatchObject({ path: HUB_PATH, body: { name: 'tagging', enabled: 'true' } });
    await waitFor(() => expect(tagging.checked).toBe(true));
  });

  it('shows a flag of an area not built yet as coming, with no switch', async () => {
    const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, !isFeatureComing(name)]));
    const server = settingsServer({
      routes: { [`GET ${HUB_PATH}`]: () => ({ status: 200, body: { data: flags } }) },
    });
    renderSettings(<HubFeaturesPage />);
    await screen.findByTestId('hub-features');
    const coming = screen.getByTestId('hub-coming');
    const payments = within(coming).getByTestId('hub-flag-payments');
    expect(payments.querySelector('input')).toBeNull();
    expect(screen.queryByTestId('hub-switch-payments')).toBeNull();
    expect(payments.textContent).toContain('Payments');
    expect(coming.textContent).toContain('Coming to Agora');
    expect(coming.textContent).toContain('These areas are not in Agora yet');
    // Coming flags are gathered apart: none sits among the switches.
    const live = screen.getByTestId('hub-features');
    for (const name of FEATURE_NAMES.filter(isFeatureComing)) {
      expect(within(live).queryByTestId(`hub-flag-${name}`), name).toBeNull();
      expect(within(coming).getByTestId(`hub-flag-${name}`), name).toBeTruthy();
    }
    // A live flag keeps its switch, and no coming one is offered as a switch.
    expect(screen.getByTestId('hub-switch-seo').querySelector('input')).toBeTruthy();
    for (const name of FEATURE_NAMES.filter(isFeatureComing)) {
      expect(screen.queryByTestId(`hub-switch-${name}`), name).toBeNull();
    }
    expect(server.writes()).toEqual([]);
  });

  it('tells the error when a change is refused', async () => {
    const flags = Object.fromEntries(FEATURE_NAMES.map((name) => [name, true]));
    settingsServer({
      routes: {
        [`GET ${HUB_PATH}`]: () => ({ status: 200, body: { data: flags } }),
        [`POST ${HUB_PATH}`]: () => ({
          status: 403,
          body: { errors: [{ code: 'permission_denied', message: 'No', messages: [] }] },
        }),
      },
    });
    renderSettings(<HubFeaturesPage />);
    await screen.findByTestId('hub-features');
    fireEvent.click(screen.getByTestId('hub-switch-seo').querySelector('input') as HTMLInputElement);
    expect(await screen.findByText('The feature could not be changed. Try later.')).toBeTruthy();
    expect((screen.getByTestId('hub-switch-seo').querySelector('input') as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
