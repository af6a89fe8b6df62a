import { getBreakpointFromWidth, verticalCompactor } from 'react-grid-layout/core';
import {
  DASHBOARD_BREAKPOINTS,
  DASHBOARD_COLS,
  type DashboardBreakpoint,
  type DashboardLayoutItem,
} from './dashboard-model.ts';

/** What the keyboard can do to a widget: the same moves and sizes a mouse makes by dragging. */
export const LAYOUT_ACTIONS = [
  'left',
  'right',
  'up',
  'down',
  'wider',
  'narrower',
  'taller',
  'shorter',
] as const;
export type LayoutAction = (typeof LAYOUT_ACTIONS)[number];

/** The smallest a widget gets: two columns, two rows (a counter's number and label still fit). */
export const MIN_WIDGET_W = 2;
export const MIN_WIDGET_H = 2;
export const MAX_WIDGET_H = 24;

/** The grid's breakpoint at a container width, as react-grid-layout picks it. */
export function breakpointAt(width: number): DashboardBreakpoint {
  return getBreakpointFromWidth(DASHBOARD_BREAKPOINTS, width) as DashboardBreakpoint;
}

const overlapsColumns = (a: DashboardLayoutItem, b: DashboardLayoutItem) =>
  a.x < b.x + b.w && b.x < a.x + a.w;
const overlapsRows = (a: DashboardLayoutItem, b: DashboardLayoutItem) => a.y < b.y + b.h && b.y < a.y + a.h;

/** Puts `first` at `second`'s top and everything from that row on (but `first`) below it. */
function placeBefore(items: DashboardLayoutItem[], first: DashboardLayoutItem, second: DashboardLayoutItem) {
  const top = second.y;
  for (const item of items) {
    if (item !== first && item.y >= top) item.y += first.h;
  }
  first.y = top;
}

/** The nearest widget above `item` that shares a column with it. */
function above(items: DashboardLayoutItem[], item: DashboardLayoutItem) {
  return items
    .filter((other) => other !== item && overlapsColumns(other, item) && other.y + other.h <= item.y)
    .sort((a, b) => b.y + b.h - (a.y + a.h) || b.y - a.y)[0];
}

/** The nearest widget below `item` that shares a column with it. */
function below(items: DashboardLayoutItem[], item: DashboardLayoutItem) {
  return items
    .filter((other) => other !== item && overlapsColumns(other, item) && other.y >= item.y + item.h)
    .sort((a, b) => a.y - b.y || a.x - b.x)[0];
}

/** The nearest widget beside `item` on `side` that shares a row with it. */
function beside(items: DashboardLayoutItem[], item: DashboardLayoutItem, side: 'left' | 'right') {
  const candidates = items.filter(
    (other) =>
      other !== item &&
      overlapsRows(other, item) &&
      (side === 'left' ? other.x + other.w <= item.x : other.x >= item.x + item.w),
  );
  return candidates.sort((a, b) => (side === 'left' ? b.x + b.w - (a.x + a.w) : a.x - b.x))[0];
}

function change(items: DashboardLayoutItem[], item: DashboardLayoutItem, action: LayoutAction, cols: number) {
  switch (action) {
    case 'up': {
      const target = above(items, item);
      if (!target) return false;
      placeBefore(items, item, target);
      return true;
    }
    case 'down': {
      const target = below(items, item);
      if (!target) return false;
      placeBefore(items, target, item);
      return true;
    }
    case 'left':
    case 'right': {
      const neighbour = beside(items, item, action);
      const adjacent =
        neighbour &&
        (action === 'left' ? neighbour.x + neighbour.w === item.x : neighbour.x === item.x + item.w);
      if (neighbour && adjacent) {
        // Side by side: the two swap places, as a drag over the neighbour does.
        if (action === 'left') {
          item.x = neighbour.x;
          neighbour.x = item.x + item.w;
        } else {
          neighbour.x = item.x;
          item.x = neighbour.x + neighbour.w;
        }
        const top = Math.min(item.y, neighbour.y);
        item.y = top;
        neighbour.y = top;
        return true;
      }
      // Free room on that side: one column.
      if (action === 'left' ? item.x === 0 : item.x + item.w >= cols) return false;
      item.x += action === 'left' ? -1 : 1;
      return true;
    }
    case 'wider':
      if (item.w >= cols) return false;
      if (item.x + item.w >= cols) item.x -= 1;
      item.w += 1;
      return true;
    case 'narrower':
      if (item.w <= MIN_WIDGET_W) return false;
      item.w -= 1;
      return true;
    case 'taller':
      if (item.h >= MAX_WIDGET_H) return false;
      item.h += 1;
      return true;
    case 'shorter':
      if (item.h <= MIN_WIDGET_H) return false;
      item.h -= 1;
      return true;
  }
}

const same = (a: readonly DashboardLayoutItem[], b: readonly DashboardLayoutItem[]) =>
  a.length === b.length &&
  a.every((item, index) => {
    const other = b[index];
    return (
      other !== undefined &&
      item.i === other.i &&
      item.x === other.x &&
      item.y === other.y &&
      item.w === other.w &&
      item.h === other.h
    );
  });

/**
 * One keyboard step on widget `key` of one breakpoint's layout: the new layout, settled by the grid's own
 * vertical compactor (so the grid shows it as given and a reload shows the same), or null when the
 * step is impossible (the edge of the grid, the smallest size, nothing to pass) or changes nothing.
 */
export function applyLayoutAction(
  items: readonly DashboardLayoutItem[],
  key: string,
  action: LayoutAction,
  cols: number = DASHBOARD_COLS.lg,
): DashboardLayoutItem[] | null {
  const work = items.map((item) => ({ i: item.i, x: item.x, y: item.y, w: item.w, h: item.h }));
  const item = work.find((entry) => entry.i === key);
  if (!item || !change(work, item, action, cols)) return null;
  const settled = verticalCompactor
    .compact(work, cols)
    .map((entry) => ({ i: entry.i, x: entry.x, y: entry.y, w: entry.w, h: entry.h }));
  const before = verticalCompactor
    .compact(
      items.map((entry) => ({ ...entry })),
      cols,
    )
    .map((entry) => ({ i: entry.i, x: entry.x, y: entry.y, w: entry.w, h: entry.h }));
  return same(settled, before) ? null : settled;
}
