import type { ColumnType, Generated } from 'kysely';
import type { MenuItemAttrs } from '@agora/contract';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** Kysely types of the menus tables (migration 0023), owned by this module. */
export interface MenusTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  is_base: Generated<boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
}
export interface MenuItemsTable {
  stack_id: number;
  id: Generated<number>;
  menu_id: number;
  label: string;
  url: string;
  attrs: ColumnType<MenuItemAttrs, string, string>;
  ordering: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    menus: MenusTable;
    menu_items: MenuItemsTable;
  }
}
