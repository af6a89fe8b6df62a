import { errorEntry, menusPaths, MENUS_MESSAGES, type Menu } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { MenuDetail } from './menu-detail.tsx';

const BASE = '/c/demo';
const at = (path: string, id: number) => `${BASE}${path.replace(':id', String(id))}`;

const menu: Menu = {
  id: 3,
  name: 'Footer',
  is_base: false,
  created_at: '2026-01-01T10:00:00Z',
  updated_at: '2026-01-02T10:00:00Z',
  items: [
    { id: 11, custom_menu: 3, label: 'About', url: '/about/', attrs: {}, order: 1 },
    {
      id: 12,
      custom_menu: 3,
      label: 'Blog',
      url: 'https://blog.example/',
      attrs: { target: '_blank' },
      order: 2,
    },
  ],
};
const menuList = {
  count: 1,
  results: [{ id: 3, name: 'Footer', is_base: false, items_count: 2, created_at: '', updated_at: '' }],
};

function renderDetail(routes: MockRoute[]) {
  const mock = mockFetch([
    { method: 'GET', path: at(menusPaths.get, 3), status: 200, body: { data: menu } },
    { method: 'GET', path: `${BASE}${menusPaths.list}`, status: 200, body: { data: menuList } },
    ...routes,
  ]);
  render(
    <AppProviders queryClient={new QueryClient()}>
      <MemoryRouter>
        <MenuDetail id={3} />
      </MemoryRouter>
    </AppProviders>,
  );
  return mock;
}

const input = (name: string) => document.querySelector(`[name="${name}"]`) as HTMLInputElement;
const type = (name: string, value: string) => fireEvent.change(input(name), { target: { value } });
/** The helper text MUI ties to a field (its aria-describedby). */
const fieldMessage = (name: string) => {
  const id = input(name).getAttribute('aria-describedby');
  return id ? document.getElementById(id)?.textContent : null;
};

describe('menu detail', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it("shows the spec's messages under the fields, first its own check, then the server's", async () => {
    const { calls } = renderDetail([
      {
        method: 'POST',
        path: `${BASE}${menusPaths.itemAdd}`,
        status: 400,
        body: { errors: [errorEntry('invalid', MENUS_MESSAGES.invalidMenu, 'menu')] },
      },
    ]);
    fireEvent.click(await screen.findByTestId('menu-item-create'));
    await screen.findByTestId('menu-item-dialog');
    fireEvent.click(screen.getByTestId('menu-item-save'));
    await waitFor(() => expect(fieldMessage('label')).toBe('Invalid label'));
    expect(fieldMessage('url')).toBe('Field required');
    type('label', 'Docs');
    type('url', 'javascript:alert(1)');
    fireEvent.click(screen.getByTestId('menu-item-save'));
    await waitFor(() => expect(fieldMessage('url')).toBe('Invalid absolute or relative url'));
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    type('url', '/docs/');
    fireEvent.click(screen.getByTestId('menu-item-save'));
    expect(await screen.findByText('Invalid menu')).toBeTruthy();
    const sent = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(sent!.body!)).toEqual({ menu: 3, label: 'Docs', url: '/docs/', attrs: {} });
  });

  it('moves an item down by its button and sends the whole new order', async () => {
    const { calls } = renderDetail([
      {
        method: 'POST',
        path: at(menusPaths.order, 3),
        status: 200,
        body: { data: { ...menu, items: [menu.items[1], menu.items[0]] } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Move About down' }));
    await waitFor(() =>
      expect(screen.getAllByTestId('menu-item-label').map((e) => e.textContent)).toEqual(['Blog', 'About']),
    );
    const order = calls.find((c) => c.path === at(menusPaths.order, 3));
    expect(JSON.parse(order!.body!)).toEqual({ item_ids: [12, 11] });
    expect(screen.getByRole('button', { name: 'Move Blog up' })).toHaveProperty('disabled', true);
  });

  it('asks before deleting an item, and deletes only once confirmed', async () => {
    const { calls } = renderDetail([
      {
        method: 'POST',
        path: at(menusPaths.itemRemove, 11),
        status: 200,
        body: { data: { ...menu, items: [menu.items[1]] } },
      },
    ]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete About' }));
    const dialog = await screen.findByTestId('menu-item-delete-dialog');
    expect(within(dialog).getByText('Delete the item “About”?')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    fireEvent.click(within(dialog).getByTestId('menu-item-delete-confirm'));
    await waitFor(() =>
      expect(screen.getAllByTestId('menu-item-label').map((e) => e.textContent)).toEqual(['Blog']),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      at(menusPaths.itemRemove, 11),
    ]);
  });
});
