import { describe, expect, it } from 'vitest';
import { AREA_ROLES, areaAllows } from '../stacks/area-roles.ts';
import { PREFERENCE_CATALOGUE, preferenceDefinition } from './preference-catalogue.ts';
import { PREFERENCE_AREAS, preferenceArea } from './preference-areas.ts';

const areaOf = (name: string) => preferenceArea(preferenceDefinition(name)!);
const editorWrites = (name: string) => {
  const area = areaOf(name);
  return area !== null && areaAllows(area, 'editor');
};

describe('preference areas (who writes a preference, spec mgmt §6)', () => {
  it('gives every writable preference an area of AREA_ROLES, and the plan none', () => {
    for (const definition of PREFERENCE_CATALOGUE) {
      const area = preferenceArea(definition);
      if (definition.readOnly) expect(area, definition.name).toBeNull();
      else expect(Object.keys(AREA_ROLES), definition.name).toContain(area);
    }
    expect(areaOf('subscription_tier')).toBeNull();
    expect(new Set(PREFERENCE_AREAS)).toEqual(
      new Set(PREFERENCE_CATALOGUE.map(preferenceArea).filter((area) => area !== null)),
    );
  });

  it("lets editors write the theme, content settings and community management, not the admin's keys", () => {
    for (const name of [
      'colorprimary',
      'navbar_logo',
      'application_slogan1',
      'polls_enabled',
      'post_type_enabled',
      'closed_community',
      'home_stream_order_by',
      'meta_description',
      'url_template_post',
    ]) {
      expect(editorWrites(name), name).toBe(true);
    }
    for (const name of [
      'google_geocoding_api_key',
      'tag_manager_container_id',
      'jwt_secret_key',
      'jwt_algorithm',
      'share_post_on_facebook_enabled',
      'app_url_on_app_store',
      'payments_enabled',
      'registration_mode',
    ]) {
      expect(editorWrites(name), name).toBe(false);
      expect(areaAllows(areaOf(name)!, 'admin'), name).toBe(true);
    }
    expect(
      PREFERENCE_CATALOGUE.some(
        (d) => areaAllows(preferenceArea(d) ?? 'console', 'moderator') && preferenceArea(d) !== null,
      ),
    ).toBe(false);
  });
});
