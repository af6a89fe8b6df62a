import { AREA_ROLES, CONSOLE_AREAS, FEATURE_NAMES, type StaffRole } from '@agora/contract';
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
    ]);
    expect(drawer('moderator')).toEqual(['home', 'moderation']);
    expect(drawer('admin')).toEqual(AREAS.filter((area) => !area.hubAdmin).map((area) => area.id));
  });
});
