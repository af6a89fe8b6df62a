import { incubatorPaths, type Incubator } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import { IncubatorList } from './incubator-list.tsx';

const ok = (data: unknown) => ({ status: 200, body: { data } });
const proposal = (id: number, name: string, status: Incubator['status']): Incubator => ({
  id,
  name,
  slug: name.toLowerCase(),
  slogan: '',
  status,
  subscribers_count: 12,
  user: { id: 7, username: 'alice' },
  created_at: '2026-11-20T10:00:00Z',
  category_id: null,
  ready_at: null,
});
const statusPath = (id: number) => incubatorPaths.status.replace(':id', String(id));

/** A mocked answer: the data envelope, or an error envelope with a status. */
type Answer = { status: number; body: unknown };

function server(
  rows: Incubator[],
  statusAnswer: (id: number) => Answer = (id) => ok({ ...rows.find((r) => r.id === id)! }),
) {
  return settingsServer({
    routes: {
      [`GET ${incubatorPaths.list}`]: () => ok({ count: rows.length, results: rows, threshold: 10 }),
      [`GET ${incubatorPaths.threshold}`]: () => ok({ threshold: 10, min: 10, max: 1200 }),
      [`POST ${incubatorPaths.threshold}`]: () => ({
        status: 400,
        body: {
          errors: [
            { code: 'incubator_threshold_failed', message: 'Error on update threshold', field: 'threshold' },
          ],
        },
      }),
      [`POST ${statusPath(1)}`]: () => statusAnswer(1),
      [`POST ${statusPath(2)}`]: () => statusAnswer(2),
    },
  });
}

describe('incubator tab', () => {
  it('lists each proposal with its status, adhesions and user, and offers only the actions that apply', async () => {
    server([proposal(1, 'Gardening', 'ready'), proposal(2, 'Cooking', 'hidden')]);
    renderSettings(<IncubatorList />);
    const ready = await screen.findByTestId('incubator-row-1');
    expect(within(ready).getByText('Ready to publish')).toBeTruthy();
    expect(within(ready).getByText('alice')).toBeTruthy();
    expect(within(ready).getByTestId('incubator-adhesions').textContent).toBe('12');
    expect(within(ready).queryByRole('button', { name: 'Restore Gardening' })).toBeNull();
    const hidden = screen.getByTestId('incubator-row-2');
    expect(
      within(hidden)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Restore']);
  });

  it('asks before publishing, sends the action once confirmed, and restores without asking', async () => {
    const { writes } = server([proposal(1, 'Gardening', 'ready'), proposal(2, 'Cooking', 'hidden')]);
    renderSettings(<IncubatorList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish Gardening' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish Gardening?' });
    expect(writes().some((c) => c.path === statusPath(1))).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await waitFor(() =>
      expect(writes().find((c) => c.path === statusPath(1))?.body).toEqual({ action: 'publish' }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Restore Cooking' }));
    await waitFor(() =>
      expect(writes().find((c) => c.path === statusPath(2))?.body).toEqual({ action: 'restore' }),
    );
  });

  it('says the spec messages when a status or the threshold cannot be updated', async () => {
    server([proposal(1, 'Gardening', 'pending')], () => ({
      status: 400,
      body: {
        errors: [
          { code: 'incubator_status_failed', message: 'Error on update incubator status', field: 'action' },
        ],
      },
    }));
    renderSettings(<IncubatorList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Votable Gardening' }));
    expect(await screen.findByText('Error on update incubator status')).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Threshold of adhesions' });
    await waitFor(() => expect((input as HTMLInputElement).value).toBe('10'));
    fireEvent.change(input, { target: { value: 'many' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save threshold' }));
    expect(await screen.findByText('Error on update threshold')).toBeTruthy();
  });
});
