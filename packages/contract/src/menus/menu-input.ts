import { isRowId } from '../row-id.ts';
import {
  MENU_ITEM_LABEL_MAX,
  MENU_ITEM_RELS,
  MENU_ITEM_TARGETS,
  MENU_ITEM_TITLE_MAX,
  MENU_ITEM_URL_MAX,
  MENU_NAME_MAX,
  MENUS_MESSAGES as M,
  type MenuItemAttrs,
  type MenuItemWriteBody,
  type MenuWriteBody,
} from './menus-schemas.ts';

export interface MenuProblem {
  field: string;
  code: 'required' | 'invalid' | 'max_length';
  message: string;
}

// eslint-disable-next-line no-control-regex
const CONTROL_OR_SPACE = /[\u0000-\u0020\u007f-\u009f\u2028\u2029\\]/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;
const SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * An absolute http(s) URL with a host, or a relative one (`/path`, `path`, `#anchor`, `?query`).
 * Refused: any other scheme (`javascript:`, `data:`, `mailto:` …), a protocol-relative `//host`,
 * whitespace, control characters and backslashes (which browsers read as slashes).
 */
export function isMenuUrl(value: string): boolean {
  if (value === '' || value.length > MENU_ITEM_URL_MAX || CONTROL_OR_SPACE.test(value)) return false;
  if (SCHEME.test(value)) {
    if (!/^https?:\/\/[^/?#]/i.test(value)) return false;
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
    } catch {
      return false;
    }
  }
  if (value.startsWith('//')) return false;
  try {
    new URL(value, 'https://relative.invalid/');
    return true;
  } catch {
    return false;
  }
}

/** The allowed link attributes of an item, or null when anything else is there. */
export function menuItemAttrs(value: Record<string, unknown>): MenuItemAttrs | null {
  const out: MenuItemAttrs = {};
  for (const [key, v] of Object.entries(value)) {
    if (v === undefined || v === null || v === '') continue;
    if (key === 'target') {
      if (!(MENU_ITEM_TARGETS as readonly unknown[]).includes(v)) return null;
      out.target = v as MenuItemAttrs['target'];
    } else if (key === 'rel') {
      const rels = typeof v === 'string' ? v.split(/\s+/).filter(Boolean) : v;
      if (!Array.isArray(rels) || rels.some((r) => !(MENU_ITEM_RELS as readonly unknown[]).includes(r))) {
        return null;
      }
      if (rels.length > 0) out.rel = [...new Set(rels as NonNullable<MenuItemAttrs['rel']>)];
    } else if (key === 'title') {
      if (typeof v !== 'string' || v.length > MENU_ITEM_TITLE_MAX || CONTROL.test(v)) return null;
      if (v.trim() !== '') out.title = v.trim();
    } else {
      return null;
    }
  }
  return out;
}

/** Checks a menu's fields (console dialog and server alike). With `partial`, absent fields pass. */
export function checkMenuInput(input: MenuWriteBody, partial = false): MenuProblem[] {
  const problems: MenuProblem[] = [];
  if (!partial || input.name !== undefined) {
    const name = (input.name ?? '').trim();
    if (name === '') problems.push({ field: 'name', code: 'required', message: M.required });
    else if (CONTROL.test(name)) problems.push({ field: 'name', code: 'invalid', message: M.required });
    else if (name.length > MENU_NAME_MAX) {
      problems.push({ field: 'name', code: 'max_length', message: M.nameTooLong });
    }
  }
  return problems;
}

/**
 * Checks an item's fields with the spec's messages (mgmt §5): a label ('Invalid label'), a url
 * absolute or relative ('Invalid absolute or relative url', empty: 'Field required'), a menu
 * ('Invalid menu'). The server also checks the menu belongs to the community.
 */
export function checkMenuItemInput(input: MenuItemWriteBody, partial = false): MenuProblem[] {
  const problems: MenuProblem[] = [];
  if (!partial || input.menu !== undefined) {
    if (!isRowId(input.menu)) problems.push({ field: 'menu', code: 'invalid', message: M.invalidMenu });
  }
  if (!partial || input.label !== undefined) {
    const label = (input.label ?? '').trim();
    if (label === '' || label.length > MENU_ITEM_LABEL_MAX || CONTROL.test(label)) {
      problems.push({ field: 'label', code: 'invalid', message: M.invalidLabel });
    }
  }
  if (!partial || input.url !== undefined) {
    const url = (input.url ?? '').trim();
    if (url === '') problems.push({ field: 'url', code: 'required', message: M.required });
    else if (!isMenuUrl(url)) problems.push({ field: 'url', code: 'invalid', message: M.invalidUrl });
  }
  if (input.attrs !== undefined && menuItemAttrs(input.attrs) === null) {
    problems.push({ field: 'attrs', code: 'invalid', message: M.invalidAttrs });
  }
  return problems;
}
