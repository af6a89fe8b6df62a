import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** Limits of a menu and its items (SelfCommunity's custom menu, spec mgmt §3 "Menu", "Menu item"). */
export const MENU_NAME_MAX = 100;
export const MENU_ITEM_LABEL_MAX = 100;
export const MENU_ITEM_URL_MAX = 2000;
export const MENU_ITEM_TITLE_MAX = 100;
export const MENU_ITEMS_MAX = 200;

/** The link attributes a menu item may carry: nothing that runs or styles, only how the link opens. */
export const MENU_ITEM_TARGETS = ['_self', '_blank'] as const;
export const MENU_ITEM_RELS = ['noopener', 'noreferrer', 'nofollow', 'external'] as const;

/** The messages of spec mgmt §5 (validation) and §8 (errors), word for word. */
export const MENUS_MESSAGES = {
  invalidLabel: 'Invalid label',
  invalidUrl: 'Invalid absolute or relative url',
  invalidMenu: 'Invalid menu',
  required: 'Field required',
  invalidAttrs: 'Invalid attributes',
  menuNotFound: 'Menu not found',
  itemNotFound: 'Menu item not found',
  orderIds: 'Order every item of this menu exactly once.',
  nameTooLong: `Ensure this field has no more than ${MENU_NAME_MAX} characters.`,
  tooManyItems: `A menu holds at most ${MENU_ITEMS_MAX} items.`,
} as const;

export const menuItemAttrsSchema = z.object({
  target: z.enum(MENU_ITEM_TARGETS).optional(),
  rel: z.array(z.enum(MENU_ITEM_RELS)).optional(),
  title: z.string().optional(),
});
export type MenuItemAttrs = z.infer<typeof menuItemAttrsSchema>;

/** A menu item in SelfCommunity's shape (`custom_menu` is its menu's id, `order` its place from 1). */
export const menuItemSchema = z.object({
  id: z.number().int(),
  custom_menu: z.number().int(),
  label: z.string(),
  url: z.string(),
  attrs: menuItemAttrsSchema,
  order: z.number().int(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

/** A menu as the member API shows it (SelfCommunity's custom menu object). */
export const customMenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  items: z.array(menuItemSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export type CustomMenu = z.infer<typeof customMenuSchema>;

/** A menu as the console shows it: the member object plus whether it is the community's base menu. */
export const menuSchema = customMenuSchema.extend({
  is_base: z.boolean().describe("The community's base menu (member API `custom_menu/base/`)"),
});
export type Menu = z.infer<typeof menuSchema>;

/** A row of the console's menu list: title, last modification, items count. */
export const menuSummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  is_base: z.boolean(),
  items_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type MenuSummary = z.infer<typeof menuSummarySchema>;
export const menuListSchema = z.object({ count: z.number().int(), results: z.array(menuSummarySchema) });
export type MenuList = z.infer<typeof menuListSchema>;

export const menuListQuerySchema = z.object({
  search: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type MenuListQuery = z.infer<typeof menuListQuerySchema>;

/** `menus/add/` and `menus/{id}/update/` (every field optional on update). Checked by `checkMenuInput`. */
export const menuWriteBodySchema = z.object({
  name: z.string().optional(),
  is_base: z.boolean().optional(),
});
export type MenuWriteBody = z.infer<typeof menuWriteBodySchema>;

/**
 * `menus/items/add/` and `menus/items/{id}/update/`. Fields are loose on purpose: the service answers
 * each bad field with the spec's message for that field (`checkMenuItemInput`), not a schema error.
 */
export const menuItemWriteBodySchema = z.object({
  menu: z.number().nullable().optional().describe('The menu the item belongs to'),
  label: z.string().optional(),
  url: z.string().optional(),
  attrs: z.record(z.string(), z.unknown()).optional(),
});
export type MenuItemWriteBody = z.infer<typeof menuItemWriteBodySchema>;

export const menuOrderBodySchema = z.object({
  item_ids: z.array(rowIdSchema).max(MENU_ITEMS_MAX).describe('Every item of the menu, in the new order'),
});
export type MenuOrderBody = z.infer<typeof menuOrderBodySchema>;

export const menuDeleteResultSchema = z.object({ deleted: z.number().int() });

/** Member API: `custom_menu/` and `custom_menu/search/`. */
export const customMenuQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
  ordering: z.string().optional(),
});

export const menusPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/menus/',
  add: '/platform/api/v1/menus/add/',
  get: '/platform/api/v1/menus/:id/',
  update: '/platform/api/v1/menus/:id/update/',
  remove: '/platform/api/v1/menus/:id/delete/',
  order: '/platform/api/v1/menus/:id/order/',
  itemAdd: '/platform/api/v1/menus/items/add/',
  itemUpdate: '/platform/api/v1/menus/items/:id/update/',
  itemRemove: '/platform/api/v1/menus/items/:id/delete/',
} as const;
