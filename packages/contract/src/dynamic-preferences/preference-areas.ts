import type { ConsoleArea } from '../stacks/area-roles.ts';
import {
  PREFERENCE_CATALOGUE,
  type PreferenceDefinition,
  type PreferenceSection,
} from './preference-catalogue.ts';

/**
 * The console area whose screen edits a preference: its roles (AREA_ROLES, spec mgmt §6) decide who
 * may change it. Most follow their section; the names below belong to another screen.
 */
const BY_SECTION: Record<PreferenceSection, ConsoleArea | null> = {
  text: 'theme',
  colors: 'theme',
  style: 'theme',
  logo: 'theme',
  covers: 'theme',
  images: 'theme',
  staff: 'theme',
  addons: 'content-settings',
  configurations: 'content-settings',
  providers: 'integrations',
  webmaster: 'community-management',
  // The plan: only the platform changes it.
  features: null,
  // Written only by the advertising area's settings route (read-only as preferences).
  advertising: null,
};

const BY_NAME: Partial<Record<string, ConsoleArea>> = {
  // Community management: general, feed and URL tabs.
  closed_community: 'community-management',
  registration_wizard: 'community-management',
  connection_enabled: 'community-management',
  follow_enabled: 'community-management',
  explore_stream_enabled: 'community-management',
  home_stream_order_by: 'community-management',
  explore_stream_order_by: 'community-management',
  home_stream_connection_boost: 'community-management',
  explore_stream_connection_boost: 'community-management',
  category_follow_enabled: 'community-management',
  manual_categories_order_enabled: 'categories',
  people_search_enabled: 'community-management',
  users_approval_enabled: 'community-management',
  gdpr_signup_accept_html: 'community-management',
  gdpr_cookie_consent_external_html: 'community-management',
  url_template_live_stream: 'community-management',
  // Theme: navbar item and the app address shown in the theme.
  custom_navbar_item_enabled: 'theme',
  custom_navbar_item_text: 'theme',
  custom_navbar_item_url: 'theme',
  custom_navbar_item_image: 'theme',
  app_url: 'theme',
  // Integrations: social share, the API's signing key, Google's tag manager.
  share_post_enabled: 'integrations',
  share_post_on_facebook_enabled: 'integrations',
  share_post_on_twitter_enabled: 'integrations',
  share_post_on_linkedin_enabled: 'integrations',
  jwt_secret_key: 'integrations',
  jwt_algorithm: 'integrations',
  tag_manager_container_id: 'integrations',
  // Paid access is the admin's (its screens come later); its switch and account are set there.
  payments_enabled: 'integrations',
  stripe_connected_account_id: 'integrations',
  app_url_on_app_store: 'app-settings',
  app_url_on_google_play: 'app-settings',
  registration_mode: 'registration-approval',
};

/** The area that owns a preference, or null when no staff member may change it (read-only). */
export function preferenceArea(definition: PreferenceDefinition): ConsoleArea | null {
  if (definition.readOnly) return null;
  if (definition.name.startsWith('url_template_')) return 'community-management';
  return BY_NAME[definition.name] ?? BY_SECTION[definition.section];
}

/** The areas that own at least one writable preference. */
export const PREFERENCE_AREAS: readonly ConsoleArea[] = [
  ...new Set(PREFERENCE_CATALOGUE.map(preferenceArea).filter((a): a is ConsoleArea => a !== null)),
];
