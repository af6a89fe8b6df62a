import type { Menu } from '@agora/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationCallbacks } from '../../../core/query/mutation-callbacks.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';
import {
  deleteMenu,
  deleteMenuItem,
  menusKeys,
  orderMenu,
  saveMenu,
  saveMenuItem,
  type MenuFields,
  type MenuItemFields,
} from './menus-api.ts';

/**
 * After a write: the menu the server answered replaces its cached copy, and the lists (title,
 * items count, last modification) are asked for again.
 */
function useMenuCache() {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  return {
    saved(menu: Menu) {
      client.setQueryData(menusKeys.menu(internalUrl, menu.id), menu);
      void client.invalidateQueries({ queryKey: menusKeys.lists(internalUrl) });
    },
    removed(id: number) {
      client.removeQueries({ queryKey: menusKeys.menu(internalUrl, id) });
      void client.invalidateQueries({ queryKey: menusKeys.lists(internalUrl) });
    },
    /** An item moved to another menu leaves its old one: that one is asked for again. */
    refresh(id: number) {
      void client.invalidateQueries({ queryKey: menusKeys.menu(internalUrl, id) });
    },
  };
}

/** Creates a menu, or renames `menuId` / makes it the base menu. */
export function useSaveMenuMutation(
  menuId: number | null,
  callbacks: MutationCallbacks<Menu, MenuFields> = {},
) {
  const cache = useMenuCache();
  return useMutation({
    mutationFn: (body: MenuFields) => saveMenu(menuId, body),
    onSuccess: (menu, body) => {
      cache.saved(menu);
      callbacks.onSuccess?.(menu, body);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteMenuMutation(callbacks: MutationCallbacks<void, number> = {}) {
  const cache = useMenuCache();
  return useMutation({
    mutationFn: (id: number) => deleteMenu(id),
    onSuccess: (data, id) => {
      cache.removed(id);
      callbacks.onSuccess?.(data, id);
    },
    onError: callbacks.onError,
  });
}

export interface MenuOrder {
  menuId: number;
  itemIds: number[];
}

/** Orders a menu's items; the menu shows the new order at once and goes back if the server refuses. */
export function useOrderMenuMutation(callbacks: MutationCallbacks<Menu, MenuOrder> = {}) {
  const client = useQueryClient();
  const internalUrl = useInternalUrl();
  const cache = useMenuCache();
  return useMutation({
    mutationFn: ({ menuId, itemIds }: MenuOrder) => orderMenu(menuId, itemIds),
    onMutate: ({ menuId, itemIds }: MenuOrder) => {
      const key = menusKeys.menu(internalUrl, menuId);
      const before = client.getQueryData<Menu>(key);
      if (before) {
        const byId = new Map(before.items.map((item) => [item.id, item]));
        const items = itemIds.flatMap((id, index) => {
          const item = byId.get(id);
          return item ? [{ ...item, order: index + 1 }] : [];
        });
        client.setQueryData<Menu>(key, { ...before, items });
      }
      return { before };
    },
    onSuccess: (menu, order) => {
      cache.saved(menu);
      callbacks.onSuccess?.(menu, order);
    },
    onError: (error, order, context) => {
      if (context?.before) client.setQueryData(menusKeys.menu(internalUrl, order.menuId), context.before);
      callbacks.onError?.(error, order);
    },
  });
}

/** Adds an item (at the end of its menu), or changes `item`; moved items leave their old menu. */
export function useSaveMenuItemMutation(
  item: { id: number; menuId: number } | null,
  callbacks: MutationCallbacks<Menu, MenuItemFields> = {},
) {
  const cache = useMenuCache();
  return useMutation({
    mutationFn: (body: MenuItemFields) => saveMenuItem(item?.id ?? null, body),
    onSuccess: (menu, body) => {
      cache.saved(menu);
      if (item && item.menuId !== menu.id) cache.refresh(item.menuId);
      callbacks.onSuccess?.(menu, body);
    },
    onError: callbacks.onError,
  });
}

export function useDeleteMenuItemMutation(callbacks: MutationCallbacks<Menu, number> = {}) {
  const cache = useMenuCache();
  return useMutation({
    mutationFn: (id: number) => deleteMenuItem(id),
    onSuccess: (menu, id) => {
      cache.saved(menu);
      callbacks.onSuccess?.(menu, id);
    },
    onError: callbacks.onError,
  });
}
