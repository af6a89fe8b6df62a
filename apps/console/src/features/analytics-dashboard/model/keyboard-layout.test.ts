import { describe, expect, it } from 'vitest';
import { buildDefaultDashboard, type DashboardLayoutItem } from './dashboard-model.ts';
import {
  applyLayoutAction,
  breakpointAt,
  LAYOUT_ACTIONS,
  MIN_WIDGET_H,
  MIN_WIDGET_W,
} from './keyboard-layout.ts';

/** The default desktop layout: counters 1–4 on row 0, 5–7 on row 3, charts 8–11 below, two per row. */
const lg = () => buildDefaultDashboard(false).layouts.lg;
const at = (items: DashboardLayoutItem[] | null, key: string) => {
  const item = items?.find((entry) => entry.i === key);
  if (!item) throw new Error(`no item ${key}`);
  return item;
};

function expectNoOverlap(items: DashboardLayoutItem[], cols = 12) {
  for (const [index, a] of items.entries()) {
    expect(a.x).toBeGreaterThanOrEqual(0);
    expect(a.x + a.w).toBeLessThanOrEqual(cols);
    for (const b of items.slice(index + 1)) {
      const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
      expect(overlap, `${a.i} overlaps ${b.i}`).toBe(false);
    }
  }
}

describe('keyboard moves and sizes of dashboard widgets', () => {
  it('swaps a widget with its neighbour on the left or right', () => {
    const moved = applyLayoutAction(lg(), '1', 'right');
    expect(at(moved, '1')).toMatchObject({ x: 3, y: 0 });
    expect(at(moved, '2')).toMatchObject({ x: 0, y: 0 });
    const back = applyLayoutAction(moved!, '1', 'left');
    expect(back).toEqual(lg());
  });

  it('moves a widget past the one above or below it in its columns', () => {
    const down = applyLayoutAction(lg(), '1', 'down');
    expect(at(down, '1')).toMatchObject({ x: 0, y: 3 });
    expect(at(down, '5')).toMatchObject({ x: 0, y: 0 });
    expect(at(down, '2')).toMatchObject({ x: 3, y: 0 });
    const up = applyLayoutAction(down!, '1', 'up');
    expect(up).toEqual(lg());

    const chartUp = applyLayoutAction(lg(), '10', 'up');
    expect(at(chartUp, '10').y).toBeLessThan(at(chartUp, '8').y);
    expect(at(chartUp, '10').x).toBe(0);
  });

  it('refuses what the grid cannot do: past its edges, below the smallest size', () => {
    expect(applyLayoutAction(lg(), '1', 'left')).toBeNull();
    expect(applyLayoutAction(lg(), '1', 'up')).toBeNull();
    expect(applyLayoutAction(lg(), '11', 'down')).toBeNull();
    expect(applyLayoutAction(lg(), '4', 'right')).toBeNull();
    let item = lg();
    for (let step = 0; step < 10; step += 1) item = applyLayoutAction(item, '1', 'narrower') ?? item;
    expect(at(item, '1').w).toBe(MIN_WIDGET_W);
    expect(applyLayoutAction(item, '1', 'narrower')).toBeNull();
    for (let step = 0; step < 10; step += 1) item = applyLayoutAction(item, '1', 'shorter') ?? item;
    expect(at(item, '1').h).toBe(MIN_WIDGET_H);
    expect(applyLayoutAction(item, '1', 'shorter')).toBeNull();
    expect(applyLayoutAction(lg(), 'missing', 'wider')).toBeNull();
  });

  it('resizes by one column or row and pushes what is in the way below', () => {
    const wider = applyLayoutAction(lg(), '1', 'wider');
    expect(at(wider, '1')).toMatchObject({ x: 0, y: 0, w: 4, h: 3 });
    expectNoOverlap(wider!);
    // At the right edge a wider widget grows to the left.
    expect(at(applyLayoutAction(lg(), '4', 'wider'), '4')).toMatchObject({ x: 8, w: 4 });
    const taller = applyLayoutAction(lg(), '1', 'taller');
    expect(at(taller, '1')).toMatchObject({ h: 4 });
    expect(at(taller, '5').y).toBe(4);
  });

  it('never leaves two widgets overlapping or outside the grid, whatever the sequence', () => {
    let items = lg();
    let seed = 7;
    const keys = items.map((item) => item.i);
    for (let step = 0; step < 300; step += 1) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const key = keys[seed % keys.length]!;
      const action = LAYOUT_ACTIONS[(seed >> 8) % LAYOUT_ACTIONS.length]!;
      items = applyLayoutAction(items, key, action) ?? items;
      expectNoOverlap(items);
    }
    expect(items.map((item) => item.i)).toEqual(keys);
  });

  it('edits the breakpoint the grid shows at the container width', () => {
    expect(breakpointAt(1300)).toBe('lg');
    expect(breakpointAt(1000)).toBe('md');
    expect(breakpointAt(390)).toBe('xss');
  });
});
