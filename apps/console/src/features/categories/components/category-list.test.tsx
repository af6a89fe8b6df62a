import { categoryPaths, type Category } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer, type Call } from '../../../test/settings-server.tsx';
import { categoryFixture } from '../test/category-fixtures.ts';
import { CategoryList } from './category-list.tsx';

const path = (template: string, id: number) => template.replace(':id', String(id));
const ok = (data: unknown) => ({ status: 200, body: { data } });

function server(
  categories: Category[],
  routes: Record<string, (call: Call) => { status: number; body: unknown }> = {},
) {
  let rows = categories;
  return settingsServer({
    routes: {
      [`GET ${categoryPaths.list}`]: () => ok({ count: rows.length, results: rows }),
      [`POST ${categoryPaths.order}`]: (call) => {
        const ids = (call.body as { ids: number[] }).ids;
        rows = ids.map((id, index) => ({ ...rows.find((c) => c.id === id)!, order: index + 1 }));
        return ok(null);
      },
      ...routes,
    },
  });
}

const names = () => screen.getAllByTestId('category-name').map((cell) => cell.textContent);

describe('category list', () => {
  it('shows a failed load as an error with a retry, never as an empty list', async () => {
    let fail = true;
    server([], {
      [`GET ${categoryPaths.list}`]: () =>
        fail
          ? { status: 500, body: { errors: [] } }
          : ok({ count: 1, results: [categoryFixture(1, 'News')] }),
    });
    renderSettings(<CategoryList />);
    expect(await screen.findByText('The categories could not be loaded.')).toBeTruthy();
    expect(screen.queryByTestId('list-empty')).toBeNull();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('News')).toBeTruthy();
  });

  it('moves a category by keyboard, saves every id in the new order and keeps the focus on it', async () => {
    const { writes } = server([
      categoryFixture(1, 'News'),
      categoryFixture(2, 'Travel'),
      categoryFixture(3, 'Food'),
    ]);
    renderSettings(<CategoryList />);
    await screen.findByText('Travel');
    const up = screen.getByRole('button', { name: 'Move Travel up' });
    up.focus();
    fireEvent.click(up);
    await waitFor(() => expect(names()).toEqual(['Travel', 'News', 'Food']));
    expect(writes().find((c) => c.path === categoryPaths.order)?.body).toEqual({ ids: [2, 1, 3] });
    // At the top its up button is disabled: the focus moves to its down button.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move Travel down' })),
    );
    expect(screen.getByTestId('category-order-status').textContent).toBe('Travel moved to position 1 of 3');
    expect((screen.getByRole('button', { name: 'Move Travel up' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('moves a category by drag and drop', async () => {
    const { writes } = server([
      categoryFixture(1, 'News'),
      categoryFixture(2, 'Travel'),
      categoryFixture(3, 'Food'),
    ]);
    renderSettings(<CategoryList />);
    await screen.findByText('Food');
    const dataTransfer = { setData: () => undefined, effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(screen.getByTestId('category-row-3'), { dataTransfer });
    fireEvent.dragOver(screen.getByTestId('category-row-1'), { dataTransfer });
    fireEvent.drop(screen.getByTestId('category-row-1'), { dataTransfer });
    await waitFor(() => expect(names()).toEqual(['Food', 'News', 'Travel']));
    expect(writes().find((c) => c.path === categoryPaths.order)?.body).toEqual({ ids: [3, 1, 2] });
  });

  it('switches a category off at once and undoes it from the notice', async () => {
    const news = categoryFixture(1, 'News');
    const { writes } = server([news], {
      [`POST ${path(categoryPaths.update, 1)}`]: (call) => ok({ ...news, ...(call.body as object) }),
    });
    renderSettings(<CategoryList />);
    const toggle = (await screen.findByRole('switch', { name: 'News enabled' })) as HTMLInputElement;
    fireEvent.click(toggle);
    expect(await screen.findByText('News disabled: members no longer see it')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('News enabled')).toBeTruthy();
    expect(
      writes()
        .filter((c) => c.path.includes('/update/'))
        .map((c) => c.body),
    ).toEqual([{ active: false }, { active: true }]);
  });

  it('asks where the contents go before deleting a category that has some', async () => {
    const { writes } = server(
      [categoryFixture(1, 'News', { contents_count: 4 }), categoryFixture(2, 'Travel')],
      {
        [`GET ${path(categoryPaths.delete, 1)}`]: () => ok({ id: 1, contents_count: 4, needs_target: true }),
        [`POST ${path(categoryPaths.delete, 1)}`]: () =>
          ok({ deleted: true, moved_contents: 4, moved_to: 2 }),
      },
    );
    renderSettings(<CategoryList />);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete News' }));
    const dialog = await screen.findByTestId('category-delete-dialog');
    expect(await within(dialog).findByText(/The category holds 4 contents/)).toBeTruthy();
    const confirm = within(dialog).getByTestId('category-delete-confirm') as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    // The safe answer has the focus.
    expect(document.activeElement).toBe(within(dialog).getByTestId('confirm-dialog-cancel'));
    fireEvent.mouseDown(within(dialog).getByRole('combobox'));
    fireEvent.click(await screen.findByRole('option', { name: 'Travel' }));
    await waitFor(() => expect(confirm.disabled).toBe(false));
    fireEvent.click(confirm);
    expect(await screen.findByText('News deleted; 4 contents moved')).toBeTruthy();
    expect(writes().find((c) => c.path === path(categoryPaths.delete, 1))?.body).toEqual({ move_to: 2 });
  });

  it("turns the members' manual order on at once, with Undo", async () => {
    const { writes } = server([categoryFixture(1, 'News')]);
    renderSettings(<CategoryList />);
    const toggle = (await screen.findByRole('switch', {
      name: 'Members see this order (else alphabetical)',
    })) as HTMLInputElement;
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(toggle.checked).toBe(false);
    fireEvent.click(toggle);
    expect(await screen.findByText('Members now see the categories in this order')).toBeTruthy();
    await waitFor(() => expect(toggle.checked).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(await screen.findByText('Members now see the categories in alphabetical order')).toBeTruthy();
    expect(
      writes()
        .filter((c) => c.path.includes('update_multi'))
        .map((c) => c.body),
    ).toEqual([{ manual_categories_order_enabled: true }, { manual_categories_order_enabled: false }]);
  });
});
