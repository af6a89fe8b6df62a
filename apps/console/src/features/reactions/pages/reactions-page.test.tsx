import { reactionPaths, type Reaction } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import ReactionsPage from './reactions-page.tsx';

const reaction = (id: number, label: string, extra: Partial<Reaction> = {}): Reaction => ({
  id,
  label,
  image: `https://agora.test/c/demo/reactions/images/${String(id).padStart(32, '0')}.svg`,
  sentiment: 1,
  active: true,
  is_default: false,
  updated_at: '2026-11-20T10:00:00.000Z',
  updated_by: { id: 3, username: 'ed' },
  total: 0,
  ...extra,
});
const like = reaction(1, 'like', { is_default: true, total: 12, updated_by: null });
const sad = reaction(2, 'sad', { sentiment: -1, total: 3 });
const list = {
  method: 'GET',
  path: `/c/demo${reactionPaths.list}`,
  status: 200,
  body: { data: { count: 2, results: [like, sad] } },
};

function renderPage() {
  render(
    <AppProviders queryClient={new QueryClient()}>
      <ReactionsPage />
    </AppProviders>,
  );
}

describe('reactions screen', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
  });

  it('lists label, sentiment, status, id, uses and editor; the default reaction cannot be switched off', async () => {
    applyLocale('en');
    mockFetch([list]);
    renderPage();
    const likeRow = await screen.findByTestId('reaction-row-1');
    expect(within(likeRow).getByText('Default')).toBeTruthy();
    expect(within(likeRow).getByText('Positive')).toBeTruthy();
    expect(within(likeRow).getByText('12')).toBeTruthy();
    expect(within(likeRow).getByText('Always active')).toBeTruthy();
    const likeSwitch = within(likeRow).getByRole('switch', { name: 'like active' }) as HTMLInputElement;
    expect(likeSwitch.checked).toBe(true);
    expect(likeSwitch.disabled).toBe(true);
    const sadRow = screen.getByTestId('reaction-row-2');
    expect(within(sadRow).getByText('Negative')).toBeTruthy();
    expect(within(sadRow).getByText('by ed')).toBeTruthy();
    expect((within(sadRow).getByRole('switch', { name: 'sad active' }) as HTMLInputElement).disabled).toBe(
      false,
    );
  });

  it('switches another reaction off at once and says so', async () => {
    applyLocale('en');
    const { fetchMock } = mockFetch([
      list,
      {
        method: 'POST',
        path: `/c/demo${reactionPaths.update.replace(':id', '2')}`,
        status: 200,
        body: { data: { ...sad, active: false } },
      },
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('switch', { name: 'sad active' }));
    expect(await screen.findByText('Reaction “sad” deactivated')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    const body = post?.[1]?.body as FormData;
    expect(body.get('active')).toBe('false');
    expect(body.has('label')).toBe(false);
  });

  it('adds a reaction with its image in Italian, and shows the server’s refusal on the field', async () => {
    applyLocale('it');
    const { fetchMock } = mockFetch([
      list,
      {
        method: 'POST',
        path: `/c/demo${reactionPaths.add}`,
        status: 400,
        body: {
          errors: [
            {
              code: 'invalid_image_format',
              message: 'Upload an SVG, PNG or JPG image.',
              messages: [{ code: 'invalid_image_format', message: 'Upload an SVG, PNG or JPG image.' }],
              field: 'image',
            },
          ],
        },
      },
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Aggiungi reazione' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aggiungi reazione' });
    fireEvent.change(within(dialog).getByLabelText(/Etichetta/), { target: { value: 'Clap' } });
    const file = new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'clap.svg', {
      type: 'image/svg+xml',
    });
    fireEvent.change(within(dialog).getByTestId('reaction-image-input'), { target: { files: [file] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Salva' }));
    expect(await within(dialog).findByText("Carica un'immagine SVG, PNG o JPG.")).toBeTruthy();
    const body = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body as FormData;
    expect(body.get('label')).toBe('Clap');
    expect(body.get('sentiment')).toBe('1');
    expect((body.get('image') as File).name).toBe('clap.svg');
  });

  it('keeps the default reaction’s switch off-limits in its edit dialog too, with the reason', async () => {
    applyLocale('it');
    mockFetch([list]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifica like' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modifica reazione' });
    const active = within(dialog).getByRole('switch') as HTMLInputElement;
    expect(active.checked).toBe(true);
    expect(active.disabled).toBe(true);
    expect(within(dialog).getByText(/non può essere disattivata/)).toBeTruthy();
    await waitFor(() => expect(within(dialog).getByTestId('reaction-dialog-image')).toBeTruthy());
  });
});
