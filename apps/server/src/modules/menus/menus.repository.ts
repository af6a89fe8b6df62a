import { sql } from 'kysely';
import type { MenuItemAttrs } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import './menus.tables.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

export interface MenuRow {
  id: number;
  name: string;
  is_base: boolean;
  created_at: Date;
  updated_at: Date;
  items_count: number;
}
export interface MenuItemRow {
  id: number;
  menu_id: number;
  label: string;
  url: string;
  attrs: MenuItemAttrs;
  ordering: number;
}
export interface ItemValues {
  label?: string;
  url?: string;
  attrs?: MenuItemAttrs;
}

const itemsCount = sql<number>`(
  SELECT count(*) FROM menu_items i WHERE i.stack_id = menus.stack_id AND i.menu_id = menus.id
)::int`;

function menuColumns(db: Db, stackId: number) {
  return db
    .selectFrom('menus')
    .where('menus.stack_id', '=', stackId)
    .select([
      'menus.id',
      'menus.name',
      'menus.is_base',
      'menus.created_at',
      'menus.updated_at',
      itemsCount.as('items_count'),
    ]);
}

/** Menus by name (the base menu first), with an optional search in the name and paging. */
export async function listMenus(
  db: Db,
  stackId: number,
  filter: { search?: string; ids?: number[]; limit?: number; offset: number; ordering?: 'name' | 'recent' },
): Promise<{ count: number; rows: MenuRow[] }> {
  let q = menuColumns(db, stackId);
  if (filter.search) q = q.where(sql<boolean>`menus.name ILIKE ${`%${escapeLike(filter.search)}%`}`);
  if (filter.ids) q = q.where('menus.id', 'in', filter.ids.length > 0 ? filter.ids : [0]);
  const total = await db
    .selectFrom(q.as('m'))
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  let page =
    filter.ordering === 'recent'
      ? q.orderBy('menus.updated_at', 'desc')
      : q.orderBy('menus.is_base', 'desc').orderBy('menus.name');
  page = page.orderBy('menus.id').offset(filter.offset);
  if (filter.limit !== undefined) page = page.limit(filter.limit);
  return { count: total.n, rows: (await page.execute()) as MenuRow[] };
}

export async function menuById(db: Db, stackId: number, id: number): Promise<MenuRow | undefined> {
  return (await menuColumns(db, stackId).where('menus.id', '=', id).executeTakeFirst()) as
    MenuRow | undefined;
}

export async function baseMenuId(db: Db, stackId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('menus')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('is_base', '=', true)
    .executeTakeFirst();
  return row?.id;
}

/** The items of these menus, each menu's in its order. */
export async function itemsOf(db: Db, stackId: number, menuIds: number[]): Promise<MenuItemRow[]> {
  if (menuIds.length === 0) return [];
  return db
    .selectFrom('menu_items')
    .select(['id', 'menu_id', 'label', 'url', 'attrs', 'ordering'])
    .where('stack_id', '=', stackId)
    .where('menu_id', 'in', menuIds)
    .orderBy('menu_id')
    .orderBy('ordering')
    .orderBy('id')
    .execute();
}

export async function itemById(db: Db, stackId: number, id: number): Promise<MenuItemRow | undefined> {
  return db
    .selectFrom('menu_items')
    .select(['id', 'menu_id', 'label', 'url', 'attrs', 'ordering'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The namespace of the menus' advisory locks ('MENU'); the second key is the community. */
const BASE_LOCK_NAMESPACE = 0x4d45_4e55;

/**
 * Only one base menu per community: making one the base clears the flag of the others first. The
 * community's transaction lock comes first, so writes that choose a base take turns (held to the
 * commit; a transaction lock also holds through a transaction-mode pooler).
 */
async function clearBase(db: Db, stackId: number, except: number | null): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(${BASE_LOCK_NAMESPACE}::int4, ${stackId}::int4)`.execute(db);
  let q = db
    .updateTable('menus')
    .set({ is_base: false })
    .where('stack_id', '=', stackId)
    .where('is_base', '=', true);
  if (except !== null) q = q.where('id', '!=', except);
  await q.execute();
}

/**
 * Runs a write that may make a menu the base one. Such writes take turns on the community's lock
 * (`clearBase`); a write that bypassed it (none does today) would collide on the one-base index, and
 * the loser runs again and wins, as the later choice should. Without the lock, four staff choosing
 * at once on PostgreSQL could collide more than the retries allowed (CI under load).
 */
async function asBaseWrite<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 5 || !isUniqueViolation(error, 'menus_one_base_idx')) throw error;
    }
  }
}

export async function insertMenu(db: Db, stackId: number, name: string, isBase: boolean): Promise<number> {
  return asBaseWrite(() =>
    db.transaction().execute(async (trx) => {
      if (isBase) await clearBase(trx, stackId, null);
      const row = await trx
        .insertInto('menus')
        .values({ stack_id: stackId, name, is_base: isBase })
        .returning('id')
        .executeTakeFirstOrThrow();
      const data = { id: row.id, name, is_base: isBase };
      await recordEvent(trx, { stackId, type: 'custom_menu.created', data, at: new Date() });
      return row.id;
    }),
  );
}

export async function updateMenu(
  db: Db,
  stackId: number,
  id: number,
  values: { name?: string; is_base?: boolean },
): Promise<void> {
  await asBaseWrite(() =>
    db.transaction().execute(async (trx) => {
      if (values.is_base === true) await clearBase(trx, stackId, id);
      await trx
        .updateTable('menus')
        .set({ ...values, updated_at: sql<Date>`now()` })
        .where('stack_id', '=', stackId)
        .where('id', '=', id)
        .execute();
      await recordEvent(trx, {
        stackId,
        type: 'custom_menu.updated',
        data: { id, ...values },
        at: new Date(),
      });
    }),
  );
}

/** Deletes a menu and (cascade) its items; the number of menus deleted. */
export async function deleteMenu(db: Db, stackId: number, id: number): Promise<number> {
  const result = await db
    .deleteFrom('menus')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

async function touchMenus(db: Db, stackId: number, ids: number[]): Promise<void> {
  await db
    .updateTable('menus')
    .set({ updated_at: sql<Date>`now()` })
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
}

export async function countItems(db: Db, stackId: number, menuId: number): Promise<number> {
  const row = await db
    .selectFrom('menu_items')
    .select(sql<number>`count(*)::int`.as('n'))
    .where('stack_id', '=', stackId)
    .where('menu_id', '=', menuId)
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Appends an item at the end of its menu. */
export async function insertItem(
  db: Db,
  stackId: number,
  menuId: number,
  values: Required<ItemValues>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('menu_items')
      .values({
        stack_id: stackId,
        menu_id: menuId,
        label: values.label,
        url: values.url,
        attrs: JSON.stringify(values.attrs),
        ordering: sql<number>`(SELECT coalesce(max(ordering), 0) + 1 FROM menu_items
          WHERE stack_id = ${stackId} AND menu_id = ${menuId})`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await touchMenus(trx, stackId, [menuId]);
    return row.id;
  });
}

/** Changes an item; moved to another menu, it goes to the end of that menu. */
export async function updateItem(
  db: Db,
  stackId: number,
  item: MenuItemRow,
  menuId: number,
  values: ItemValues,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const moved = menuId !== item.menu_id;
    await trx
      .updateTable('menu_items')
      .set({
        ...(values.label !== undefined ? { label: values.label } : {}),
        ...(values.url !== undefined ? { url: values.url } : {}),
        ...(values.attrs !== undefined ? { attrs: JSON.stringify(values.attrs) } : {}),
        ...(moved
          ? {
              menu_id: menuId,
              ordering: sql<number>`(SELECT coalesce(max(ordering), 0) + 1 FROM menu_items
                WHERE stack_id = ${stackId} AND menu_id = ${menuId})`,
            }
          : {}),
      })
      .where('stack_id', '=', stackId)
      .where('id', '=', item.id)
      .execute();
    await touchMenus(trx, stackId, moved ? [item.menu_id, menuId] : [menuId]);
  });
}

export async function deleteItem(db: Db, stackId: number, item: MenuItemRow): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('menu_items').where('stack_id', '=', stackId).where('id', '=', item.id).execute();
    await touchMenus(trx, stackId, [item.menu_id]);
  });
}

/** Gives the menu's items the order of `ids` (1, 2, 3 …); the caller checked it names each item once. */
export async function orderItems(db: Db, stackId: number, menuId: number, ids: number[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (ids.length > 0) {
      await sql`
        UPDATE menu_items AS i SET ordering = o.ord
        FROM unnest(${ids}::int[]) WITH ORDINALITY AS o(id, ord)
        WHERE i.stack_id = ${stackId} AND i.menu_id = ${menuId} AND i.id = o.id
      `.execute(trx);
    }
    await touchMenus(trx, stackId, [menuId]);
  });
}

/** The demo community's base menu (seed, inside the seed's transaction): home, explore and privacy. */
export async function seedBaseMenu(db: Db, stackId: number): Promise<void> {
  const menu = await db
    .insertInto('menus')
    .values({ stack_id: stackId, name: 'Main menu', is_base: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  const items = [
    { label: 'Home', url: '/' },
    { label: 'Explore', url: '/explore/' },
    { label: 'Privacy', url: '/legal/privacy/' },
  ];
  await db
    .insertInto('menu_items')
    .values(
      items.map((item, index) => ({
        stack_id: stackId,
        menu_id: menu.id,
        ...item,
        attrs: '{}',
        ordering: index + 1,
      })),
    )
    .execute();
}
