import { AREA_ROLES, CONSOLE_AREAS, FEATURE_NAMES, READINESS_CHECKS, type StaffRole } from '@agora/contract';
import { describe, expect, it } from 'vitest';
import { AREAS, areaVisible } from './area-registry.ts';

/** The drawer as a role sees it with every flag on. */
const drawer = (role: StaffRole) =>
  AREAS.filter((area) => areaVisible(area, { roles: [role], features: [...FEATURE_NAMES], perms: [] })).map(
    (area) => area.id,
  );

describe('area registry: the roles of spec mgmt §6 (contract AREA_ROLES)', () => {
  it('gives every area the roles its server routes carry', () => {
    for (const area of AREAS) {
      if (area.id === 'home' || area.hubAdmin) continue;
      expect(area.area, area.id).toBeDefined();
      expect(area.roles, area.id).toEqual(AREA_ROLES[area.area!]);
    }
    // Every declared area of the console has its screen.
    const shown = new Set(AREAS.map((area) => area.area));
    expect(CONSOLE_AREAS.filter((area) => area !== 'console' && !shown.has(area))).toEqual([]);
  });

  it('shows editors the content and marketing areas, moderators moderation only, publishers nothing', () => {
    expect(drawer('editor')).toEqual([
      'home',
      'analytics-dashboard',
      'analytics',
      'theme',
      'content-settings',
      'community-management',
      'scoring',
      'tagging',
      'categories',
      'menus',
      'reactions',
      'pages',
      'media-library',
    ]);
    expect(drawer('moderator')).toEqual(['home', 'moderation']);
    expect(drawer('admin')).toEqual(AREAS.filter((area) => !area.hubAdmin).map((area) => area.id));
  });
});

describe('readiness checks lead to real screens (issue 12 §2)', () => {
  /** Whether a console path is answered by an area's route ('x/*' owns its sub-paths). */
  const routed = (link: string) =>
    AREAS.some((area) => {
      const path = `/${area.path}`;
      return path.endsWith('/*')
        ? link === path.slice(0, -2) || link.startsWith(path.slice(0, -1))
        : link === path;
    });

  it("links every check's Fix button to a screen the console has", () => {
    const links = Object.values(READINESS_CHECKS).flatMap((group) => Object.entries(group));
    expect(links.length).toBeGreaterThan(10);
    expect(links.filter(([, link]) => !routed(link))).toEqual([]);
    // The staff check is fixed on the staff screen, not in community management.
    expect(READINESS_CHECKS.recommended.staff).toBe('/staff');
  });
});

describe('an area with several flags (the pages area: one tab per flag)', () => {
  const pages = AREAS.find((area) => area.id === 'pages')!;
  const seen = (features: string[]) => areaVisible(pages, { roles: ['admin'], features, perms: [] });

  it('shows while any of its flags is on, and hides when none is', () => {
    expect(seen(['legal_pages'])).toBe(true);
    expect(seen(['cms'])).toBe(true);
    expect(seen(['system_pages'])).toBe(true);
    expect(seen(['reaction'])).toBe(false);
  });
});
