import { describe, expect, it } from 'vitest';
import {
  addWidget,
  BREAKPOINT_NAMES,
  buildDefaultDashboard,
  layoutsChanged,
  MAX_DASHBOARD_WIDGETS,
  parseDashboard,
  removeWidget,
  renderVariant,
  serializeDashboard,
  type Dashboard,
} from './dashboard-model.ts';

const types = (dashboard: Dashboard) =>
  dashboard.components.map((component) => component.componentProperties.widgetType);

describe('the default dashboard (core §4)', () => {
  it('has the seven counters with connections, and the charts with the social density report, when follow is off', () => {
    const dashboard = buildDefaultDashboard(false);
    expect(types(dashboard)).toEqual([
      'postsCount',
      'votesReceivedCount',
      'commentsCount',
      'connectionsCount',
      'totalUsersCount',
      'newRegistrationCount',
      'usersWithAtLeastOnePostCount',
      'registrationsChart',
      'contributionsChart',
      'contributorsChart',
      'socialDensityReport',
    ]);
    expect(dashboard.components.map((component) => component.key)).toEqual(
      Array.from({ length: 11 }, (_, index) => String(index + 1)),
    );
    expect(renderVariant(dashboard.components[7]!.componentProperties)).toBe('line');
    expect(renderVariant(dashboard.components[8]!.componentProperties)).toBe('bar');
    expect(renderVariant(dashboard.components[9]!.componentProperties)).toBe('donut');
    expect(renderVariant(dashboard.components[10]!.componentProperties)).toBe('socialDensityReport');
    for (const component of dashboard.components) expect(component.widgetType).toBe('SimpleWidget');
  });

  it('puts followers instead of connections and drops the social density report when follow is on', () => {
    const dashboard = buildDefaultDashboard(true);
    expect(types(dashboard)).toContain('followersCount');
    expect(types(dashboard)).not.toContain('connectionsCount');
    expect(types(dashboard)).not.toContain('socialDensityReport');
    expect(dashboard.components).toHaveLength(10);
  });

  it('lays the widgets out on all five breakpoints without overlaps, within 12 columns', () => {
    const dashboard = buildDefaultDashboard(false);
    for (const breakpoint of BREAKPOINT_NAMES) {
      const items = dashboard.layouts[breakpoint];
      expect(items.map((item) => item.i).sort()).toEqual(dashboard.components.map((c) => c.key).sort());
      for (const a of items) {
        expect(a.x + a.w).toBeLessThanOrEqual(12);
        for (const b of items) {
          if (a === b) continue;
          const overlap = a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
          expect(overlap, `${breakpoint}: ${a.i} overlaps ${b.i}`).toBe(false);
        }
      }
    }
    // Four counters per row on large screens.
    expect(dashboard.layouts.lg.slice(0, 5).map(({ x, y }) => [x, y])).toEqual([
      [0, 0],
      [3, 0],
      [6, 0],
      [9, 0],
      [0, 3],
    ]);
  });
});

describe('adding and removing widgets', () => {
  it('gives a new widget the highest key + 1 and places it at the bottom of all five breakpoints', () => {
    const base = removeWidget(buildDefaultDashboard(false), '3');
    const next = addWidget(base, { widgetType: 'devicesChart', donut: true });
    expect(next).not.toBeNull();
    const added = next!.components.at(-1)!;
    expect(added.key).toBe('12');
    expect(added.component).toBe('ChartWidget');
    expect(renderVariant(added.componentProperties)).toBe('donut');
    for (const breakpoint of BREAKPOINT_NAMES) {
      const before = base.layouts[breakpoint];
      const bottom = Math.max(...before.map((item) => item.y + item.h));
      const item = next!.layouts[breakpoint].find((entry) => entry.i === '12');
      expect(item, breakpoint).toBeDefined();
      expect(item!.y + item!.h, breakpoint).toBeGreaterThan(bottom - 1);
      expect(item!.y, breakpoint).toBeGreaterThanOrEqual(Math.max(...before.map((entry) => entry.y)));
      // The others did not move.
      expect(next!.layouts[breakpoint].filter((entry) => entry.i !== '12')).toEqual(before);
    }
  });

  it('picks the render variant from the flags present, else the widget type', () => {
    expect(renderVariant({ widgetType: 'x', table: true, line: true })).toBe('table');
    expect(renderVariant({ widgetType: 'x', line: true })).toBe('line');
    expect(renderVariant({ widgetType: 'x', bar: true })).toBe('bar');
    expect(renderVariant({ widgetType: 'x', donut: true })).toBe('donut');
    expect(renderVariant({ widgetType: 'postsCount' })).toBe('postsCount');
  });

  it(`refuses a widget beyond ${MAX_DASHBOARD_WIDGETS}`, () => {
    let dashboard = buildDefaultDashboard(false);
    while (dashboard.components.length < MAX_DASHBOARD_WIDGETS) {
      dashboard = addWidget(dashboard, { widgetType: 'postsCount' })!;
    }
    expect(dashboard.components.at(-1)!.key).toBe('16');
    expect(addWidget(dashboard, { widgetType: 'postsCount' })).toBeNull();
  });

  it('removes a widget from the components and from every breakpoint', () => {
    const next = removeWidget(buildDefaultDashboard(false), '4');
    expect(next.components.map((c) => c.key)).not.toContain('4');
    for (const breakpoint of BREAKPOINT_NAMES) {
      expect(next.layouts[breakpoint].map((item) => item.i)).not.toContain('4');
    }
  });

  it('keeps changed layouts for the known widgets only', () => {
    const dashboard = buildDefaultDashboard(true);
    const moved = layoutsChanged(dashboard, {
      lg: [
        ...dashboard.layouts.lg.map((item) => (item.i === '1' ? { ...item, x: 6, y: 30 } : item)),
        { i: 'ghost', x: 0, y: 0, w: 1, h: 1 },
      ],
    });
    expect(moved.layouts.lg.find((item) => item.i === '1')).toEqual({ i: '1', x: 6, y: 30, w: 3, h: 3 });
    expect(moved.layouts.lg.map((item) => item.i)).not.toContain('ghost');
    expect(moved.layouts.md).toEqual(dashboard.layouts.md);
  });
});

describe('the saved JSON', () => {
  it("treats '', '[]' and unusable text as no saved dashboard", () => {
    expect(parseDashboard('')).toBeNull();
    expect(parseDashboard('[]')).toBeNull();
    expect(parseDashboard(null)).toBeNull();
    expect(parseDashboard('{nope')).toBeNull();
    expect(parseDashboard('{"components":[]}')).toBeNull();
  });

  it('reads back what it writes', () => {
    const dashboard = addWidget(buildDefaultDashboard(false), {
      widgetType: 'categoriesTable',
      table: true,
    })!;
    expect(parseDashboard(serializeDashboard(dashboard))).toEqual(dashboard);
  });
});
