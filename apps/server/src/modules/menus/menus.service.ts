import {
  checkMenuInput,
  checkMenuItemInput,
  ErrorCode,
  MENU_ITEMS_MAX,
  menuItemAttrs,
  MENUS_MESSAGES as M,
  type AppErrorCode,
  type CustomMenu,
  type Menu,
  type MenuItem,
  type MenuItemWriteBody,
  type MenuList,
  type MenuListQuery,
  type MenuWriteBody,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import * as repo from './menus.repository.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

function invalid(problems: { field: string; code: AppErrorCode; message: string }[]): AppError {
  return new AppError(
    400,
    problems.map((p) => errorEntry(p.code, p.message, p.field)),
  );
}

const iso = (value: Date) => new Date(value).toISOString();

function toItem(row: repo.MenuItemRow, order: number): MenuItem {
  return {
    id: row.id,
    custom_menu: row.menu_id,
    label: row.label,
    url: row.url,
    attrs: row.attrs,
    order,
  };
}

/** SelfCommunity's custom menu object; the console's adds `is_base`. */
function toMenu(row: repo.MenuRow, items: repo.MenuItemRow[]): Menu {
  return {
    id: row.id,
    name: row.name,
    is_base: row.is_base,
    items: items.filter((i) => i.menu_id === row.id).map((item, index) => toItem(item, index + 1)),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export function toCustomMenu(menu: Menu): CustomMenu {
  const { is_base: _base, ...rest } = menu;
  return rest;
}

const menuNotFound = () => AppError.notFound(M.menuNotFound);
const itemNotFound = () => AppError.notFound(M.itemNotFound);

export function createMenusService(deps: { db: Db }) {
  const { db } = deps;

  async function withItems(rows: repo.MenuRow[], stackId: number): Promise<Menu[]> {
    const items = await repo.itemsOf(
      db,
      stackId,
      rows.map((r) => r.id),
    );
    return rows.map((row) => toMenu(row, items));
  }

  async function get(stackId: number, id: number): Promise<Menu> {
    const row = await repo.menuById(db, stackId, id);
    if (!row) throw menuNotFound();
    return (await withItems([row], stackId))[0]!;
  }

  async function loadItem(stackId: number, id: number): Promise<repo.MenuItemRow> {
    const item = await repo.itemById(db, stackId, id);
    if (!item) throw itemNotFound();
    return item;
  }

  /** The checked item fields; a menu id of another community is 'Invalid menu', as an absent one. */
  async function checkItem(stackId: number, body: MenuItemWriteBody, partial: boolean) {
    const problems = checkMenuItemInput(body, partial);
    const menuProblem = problems.some((p) => p.field === 'menu');
    if (!menuProblem && typeof body.menu === 'number' && !(await repo.menuById(db, stackId, body.menu))) {
      problems.unshift({ field: 'menu', code: 'invalid', message: M.invalidMenu });
    }
    if (problems.length > 0) throw invalid(problems);
    const values: repo.ItemValues = {};
    if (body.label !== undefined) values.label = body.label.trim();
    if (body.url !== undefined) values.url = body.url.trim();
    if (body.attrs !== undefined) values.attrs = menuItemAttrs(body.attrs) ?? {};
    return values;
  }

  async function requireRoom(stackId: number, menuId: number): Promise<void> {
    if ((await repo.countItems(db, stackId, menuId)) >= MENU_ITEMS_MAX) {
      throw AppError.of(400, ErrorCode.invalid, M.tooManyItems, 'menu');
    }
  }

  return {
    get,

    async list(stackId: number, query: MenuListQuery): Promise<MenuList> {
      const { count, rows } = await repo.listMenus(db, stackId, {
        search: query.search?.trim() || undefined,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      });
      return {
        count,
        results: rows.map((row) => ({
          id: row.id,
          name: row.name,
          is_base: row.is_base,
          items_count: row.items_count,
          created_at: iso(row.created_at),
          updated_at: iso(row.updated_at),
        })),
      };
    },

    /** Member API: menus with their items, SelfCommunity's way (search in the name, paged). */
    async page(
      stackId: number,
      query: { search?: string; ordering?: string },
      limit: number | undefined,
      offset: number,
    ): Promise<{ count: number; results: CustomMenu[] }> {
      const { count, rows } = await repo.listMenus(db, stackId, {
        search: query.search?.trim() || undefined,
        limit,
        offset,
        ordering: query.ordering?.replace(/^-/, '') === 'updated_at' ? 'recent' : 'name',
      });
      return { count, results: (await withItems(rows, stackId)).map(toCustomMenu) };
    },

    async base(stackId: number): Promise<Menu> {
      const id = await repo.baseMenuId(db, stackId);
      if (id === undefined) throw menuNotFound();
      return get(stackId, id);
    },

    async add(stackId: number, body: MenuWriteBody): Promise<Menu> {
      const problems = checkMenuInput(body);
      if (problems.length > 0) throw invalid(problems);
      const id = await repo.insertMenu(db, stackId, body.name!.trim(), body.is_base === true);
      return get(stackId, id);
    },

    async update(stackId: number, id: number, body: MenuWriteBody): Promise<Menu> {
      const menu = await repo.menuById(db, stackId, id);
      if (!menu) throw menuNotFound();
      const problems = checkMenuInput(body, true);
      if (problems.length > 0) throw invalid(problems);
      await repo.updateMenu(db, stackId, id, {
        ...(body.name !== undefined ? { name: body.name.trim() } : {}),
        ...(body.is_base !== undefined ? { is_base: body.is_base } : {}),
      });
      return get(stackId, id);
    },

    async remove(stackId: number, id: number): Promise<{ deleted: number }> {
      const deleted = await db.transaction().execute(async (trx) => {
        const count = await repo.deleteMenu(trx, stackId, id);
        if (count > 0)
          await recordEvent(trx, { stackId, type: 'custom_menu.deleted', data: { id }, at: new Date() });
        return count;
      });
      if (deleted === 0) throw menuNotFound();
      return { deleted };
    },

    /** Orders every item of the menu: `ids` must name each of them exactly once. */
    async order(stackId: number, id: number, ids: number[]): Promise<Menu> {
      const menu = await get(stackId, id);
      const current = new Set(menu.items.map((i) => i.id));
      const given = new Set(ids);
      if (given.size !== ids.length || given.size !== current.size || ids.some((i) => !current.has(i))) {
        throw AppError.of(400, ErrorCode.invalid, M.orderIds, 'item_ids');
      }
      await repo.orderItems(db, stackId, id, ids);
      return get(stackId, id);
    },

    /** Adds an item at the end of its menu; answers the menu with its items. */
    async addItem(stackId: number, body: MenuItemWriteBody): Promise<Menu> {
      const values = await checkItem(stackId, body, false);
      const menuId = body.menu as number;
      await requireRoom(stackId, menuId);
      await repo.insertItem(db, stackId, menuId, {
        label: values.label!,
        url: values.url!,
        attrs: values.attrs ?? {},
      });
      return get(stackId, menuId);
    },

    async updateItem(stackId: number, id: number, body: MenuItemWriteBody): Promise<Menu> {
      const item = await loadItem(stackId, id);
      const values = await checkItem(stackId, body, true);
      const menuId = typeof body.menu === 'number' ? body.menu : item.menu_id;
      if (menuId !== item.menu_id) await requireRoom(stackId, menuId);
      await repo.updateItem(db, stackId, item, menuId, values);
      return get(stackId, menuId);
    },

    async removeItem(stackId: number, id: number): Promise<Menu> {
      const item = await loadItem(stackId, id);
      await repo.deleteItem(db, stackId, item);
      return get(stackId, item.menu_id);
    },
  };
}
