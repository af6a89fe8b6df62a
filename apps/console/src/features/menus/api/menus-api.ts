import {
  menuListSchema,
  menuSchema,
  menusPaths,
  type Menu,
  type MenuItemAttrs,
  type MenuList,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';
import type { JsonValue } from '../../../core/http/http-request.ts';

/** Query keys of the menus area, per community (internal_url). */
export const menusKeys = {
  all: ['menus'] as const,
  lists: (internalUrl: string) => [...menusKeys.all, 'list', internalUrl] as const,
  list: (internalUrl: string, page: MenuPageQuery) => [...menusKeys.lists(internalUrl), page] as const,
  menu: (internalUrl: string, id: number) => [...menusKeys.all, 'menu', internalUrl, id] as const,
};

/** Rows per page of the menu list (the one pager, core/lists). */
export const MENUS_PAGE_SIZE = 25;

export interface MenuPageQuery {
  search: string;
  offset: number;
  limit: number;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
const post = (path: string, body: JsonValue) =>
  apiData<unknown>({ target: 'stack', method: 'POST', path, json: true, body });

/** What the menu dialog sends. */
export type MenuFields = { name: string; is_base: boolean };
/** What the item dialog sends: the menu it belongs to, its label, url and link attributes. */
export type MenuItemFields = { menu: number | null; label: string; url: string; attrs: MenuItemAttrs };

export async function fetchMenus(page: MenuPageQuery): Promise<MenuList> {
  return menuListSchema.parse(
    await apiData<unknown>({
      target: 'stack',
      path: menusPaths.list,
      query: { limit: page.limit, offset: page.offset, search: page.search || undefined },
    }),
  );
}

export async function fetchMenu(id: number): Promise<Menu> {
  return menuSchema.parse(await apiData<unknown>({ target: 'stack', path: withId(menusPaths.get, id) }));
}

export async function saveMenu(id: number | null, body: MenuFields): Promise<Menu> {
  const path = id === null ? menusPaths.add : withId(menusPaths.update, id);
  return menuSchema.parse(await post(path, body));
}

export async function deleteMenu(id: number): Promise<void> {
  await post(withId(menusPaths.remove, id), {});
}

export async function orderMenu(id: number, itemIds: number[]): Promise<Menu> {
  return menuSchema.parse(await post(withId(menusPaths.order, id), { item_ids: itemIds }));
}

export async function saveMenuItem(id: number | null, body: MenuItemFields): Promise<Menu> {
  const path = id === null ? menusPaths.itemAdd : withId(menusPaths.itemUpdate, id);
  return menuSchema.parse(await post(path, body));
}

export async function deleteMenuItem(id: number): Promise<Menu> {
  return menuSchema.parse(await post(withId(menusPaths.itemRemove, id), {}));
}
