import { scoringPaths, staffPaths } from '@agora/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import { ManualAndHistory } from './manual-and-history.tsx';

const alice = { id: 5, username: 'alice', email: null, role: null };
const historyPath = scoringPaths.history.replace(':user_id', '5');

function entry(id: number) {
  return {
    id,
    user_id: 5,
    at: '2026-11-01T10:00:00.000Z',
    points: 2,
    total_after: 40 + id,
    action: 'manual',
    note: `note ${id}`,
    by_staff_id: null,
    by_staff_username: null,
  };
}

function historyRoutes(answer: (offset: number) => { status: number; body: unknown }) {
  const offsets: number[] = [];
  const froms: string[] = [];
  const server = settingsServer({
    routes: {
      [`GET ${staffPaths.search}`]: () => ({ status: 200, body: { data: [alice] } }),
      [`GET ${historyPath}`]: () => answer(offsets.at(-1) ?? 0),
    },
  });
  // The fake server keeps only paths: record the offsets on the way.
  const recording = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.endsWith(historyPath)) {
      offsets.push(Number(url.searchParams.get('offset')));
      froms.push(url.searchParams.get('from') ?? '');
    }
    return recording(input, init);
  }) as typeof fetch;
  return { server, offsets, froms };
}

const page = (count: number, offset: number) => ({
  status: 200,
  body: {
    data: {
      user: { id: 5, username: 'alice', score: 42 },
      count,
      results: Array.from({ length: Math.max(0, Math.min(20, count - offset)) }, (_, i) =>
        entry(offset + i + 1),
      ),
    },
  },
});

async function chooseAlice() {
  renderSettings(<ManualAndHistory />);
  const search = screen.getByRole('combobox');
  fireEvent.focus(search);
  fireEvent.change(search, { target: { value: 'ali' } });
  fireEvent.keyDown(search, { key: 'ArrowDown' });
  fireEvent.click(await screen.findByRole('option', { name: 'alice' }, { timeout: 5000 }));
}

describe('scoring history', { timeout: 30_000 }, () => {
  it('shows a failed load as its error with a retry, never as an empty history', async () => {
    let fail = true;
    historyRoutes((offset) =>
      fail
        ? { status: 500, body: { errors: [{ code: 'internal_error', message: 'x', messages: [] }] } }
        : page(3, offset),
    );
    await chooseAlice();
    const error = await screen.findByTestId('list-error');
    expect(error.textContent).toContain('The history could not be loaded. Try later!');
    expect(screen.queryByText('No points in this period')).toBeNull();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('note 3')).toBeTruthy();
    expect(screen.getByText('History of alice — total score 42')).toBeTruthy();
  });

  it('says so when the member has no points, and pages through every row', async () => {
    let count = 0;
    const { offsets, froms } = historyRoutes((offset) => page(count, offset));
    await chooseAlice();
    expect(await screen.findByTestId('list-empty')).toBeTruthy();
    expect(screen.getByText('No points in this period')).toBeTruthy();

    count = 25;
    // The day typed as the English console writes it (month first) asks for the history from that day.
    act(() =>
      within(screen.getByRole('group', { name: 'From' }))
        .getAllByRole('spinbutton')[0]
        ?.focus(),
    );
    for (const digit of '01022026') {
      fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: digit } });
    }
    expect(await screen.findByText('note 20')).toBeTruthy();
    expect(froms.at(-1)).toBe('2026-01-02');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('note 25')).toBeTruthy();
    await waitFor(() => expect(offsets.at(-1)).toBe(20));
  });
});
