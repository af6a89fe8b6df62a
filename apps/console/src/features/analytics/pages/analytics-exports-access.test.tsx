import { analyticsPaths, type StaffRole } from '@agora/contract';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack } from '../../../test/fixtures.ts';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import AnalyticsPage from './analytics-page.tsx';

/**
 * The Exports tab on exactly the server's terms (issue 11 §4): the export routes need the flag
 * `insight` and the analytics area's roles (admin, editor: contract ANALYTICS_EXPORTS_ACCESS).
 */
async function exportsTab(roles: StaffRole[], features: string[]) {
  settingsServer({
    features,
    routes: {
      [`GET ${analyticsPaths.exportList}`]: () => ({ status: 200, body: { data: [] } }),
    },
  });
  renderSettings(<AnalyticsPage />, { path: '/social_analytics', route: '/social_analytics/*' });
  act(() => setStack({ ...stack, roles }));
  await screen.findByTestId('analytics-page');
  return screen.queryByRole('tab', { name: 'Exports' });
}

describe('analytics: the Exports tab', () => {
  it('shows for admins and editors while insight is on', async () => {
    expect(await exportsTab(['admin'], ['insight'])).not.toBeNull();
  });

  it('shows for editors while insight is on', async () => {
    expect(await exportsTab(['editor'], ['insight'])).not.toBeNull();
  });

  it('is hidden while insight is off, even for the admin', async () => {
    expect(await exportsTab(['admin'], [])).toBeNull();
  });

  it('is hidden for a moderator, whose exports the server refuses', async () => {
    expect(await exportsTab(['moderator'], ['insight'])).toBeNull();
  });
});
