import { mediaLibraryPaths as paths, type MediaFile } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import MediaLibraryPage from './media-library-page.tsx';

const key = 'ab'.repeat(16);
const hero: MediaFile = {
  id: 7,
  name: 'hero.png',
  alt: 'A red box',
  folder_id: 3,
  custom_file: `http://localhost:3000/c/demo/library/${key}`,
  thumbnail: `http://localhost:3000/c/demo/library/${key}/thumbnail.webp?v=12345678`,
  content_type: 'image/png',
  width: 640,
  height: 320,
  bytes: 1536,
  created_at: '2026-11-20T10:00:00.000Z',
  lastmod_datetime: '2026-11-20T10:00:00.000Z',
  created_by: { id: 4, username: 'ed' },
};
const folders = {
  method: 'GET',
  path: `/c/demo${paths.folders}`,
  status: 200,
  body: {
    data: { top_files: 0, results: [{ id: 3, name: 'Emails', files: 1, created_at: hero.created_at }] },
  },
};
const files = {
  method: 'GET',
  path: `/c/demo${paths.files}`,
  status: 200,
  body: { data: { count: 1, results: [hero] } },
};

function renderPage(entry = '/media?folder=3') {
  render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter initialEntries={[entry]}>
        <MediaLibraryPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('media library screen', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    clearNotices();
  });

  it("shows a folder's images with name, size, dimensions, date and author, from the console's own origin", async () => {
    applyLocale('it');
    const { calls } = mockFetch([folders, files]);
    renderPage();
    const card = await screen.findByTestId('media-file');
    expect(within(card).getByText('hero.png')).toBeTruthy();
    expect(within(card).getByText(/1,5 KB/)).toBeTruthy();
    expect(within(card).getByText(/640 × 320 px/)).toBeTruthy();
    expect(within(card).getByText(/da ed/)).toBeTruthy();
    const img = within(card).getByRole('img', { name: 'A red box' });
    expect(img.getAttribute('src')).toBe(`/c/demo/library/${key}/thumbnail.webp?v=12345678`);
    expect(within(card).getByRole('button', { name: 'Copia URL di hero.png' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Emails (1)' }).getAttribute('aria-pressed')).toBe('true');
    expect(calls.some((c) => c.path.endsWith(paths.files))).toBe(true);
  });

  it('asks before deleting a folder and says its images move to the top of the library', async () => {
    applyLocale('en');
    const { calls } = mockFetch([
      folders,
      files,
      {
        method: 'POST',
        path: `/c/demo${paths.folderDelete.replace(':id', '3')}`,
        status: 200,
        body: { data: { moved: 1 } },
      },
    ]);
    renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete folder' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete folder Emails?' });
    expect(
      within(dialog).getByText(/Its image moves to the top of the library; no image is deleted\./),
    ).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')!.body!)).toEqual({ move_files: true });
  });
});
