/**
 * Every dynamic preference of a community (spec core §3), named as SelfCommunity publishes them
 * (reference A3) so that one name means the same in both APIs. A community that never changed a
 * preference reads its default.
 */
export const PREFERENCE_SECTIONS = [
  'text',
  'colors',
  'style',
  'logo',
  'covers',
  'images',
  'staff',
  'addons',
  'configurations',
  'providers',
  'webmaster',
  'features',
  'advertising',
] as const;
export type PreferenceSection = (typeof PREFERENCE_SECTIONS)[number];

export type PreferenceType =
  | 'string'
  | 'text'
  | 'bool'
  | 'int'
  | 'color'
  | 'image'
  | 'url'
  | 'url_template'
  | 'email_url'
  | 'html'
  | 'enum'
  | 'secret';

export type PreferenceValue = string | number | boolean | null;

export interface PreferenceDefinition {
  section: PreferenceSection;
  name: string;
  type: PreferenceType;
  default: PreferenceValue;
  /** Longest accepted text. */
  maxLength?: number;
  /** Integers outside are clamped into [min, max] (spec: incubator subscribers 10..1200). */
  clamp?: readonly [number, number];
  min?: number;
  max?: number;
  values?: readonly string[];
  /** URL templates: the value must contain one of these placeholders. */
  required?: readonly string[];
  /** Image fields: largest upload in MB. */
  maxMb?: number;
  /** Text values must match this regular expression (when not empty). */
  pattern?: string;
  /** Writes are refused while this feature flag is off. */
  feature?: string;
  /** Only the platform changes it (e.g. the plan), never community staff. */
  readOnly?: boolean;
}

/** Placeholders a URL template may contain (spec core §3). */
export const URL_PLACEHOLDERS = [
  'id',
  'slug',
  'name',
  'ext_id',
  'username',
  'email_token',
  'contribution_id',
  'contribution_type',
  'contribution_slug',
  'validation_code',
  'new_email',
  'invite_code',
] as const;

export const STREAM_ORDERS = ['relevance', 'recent', 'last_activity'] as const;
export const CONNECTION_BOOSTS = ['disabled', 'low', 'medium', 'high'] as const;
export const THEME_FONTS = [
  'Inter',
  'Source Sans Pro',
  'Roboto',
  'Open Sans',
  'Lato',
  'Montserrat',
  'Merriweather',
] as const;

const bool = (section: PreferenceSection, name: string, value: boolean): PreferenceDefinition => ({
  section,
  name,
  type: 'bool',
  default: value,
});
const image = (section: PreferenceSection, name: string, maxMb = 2): PreferenceDefinition => ({
  section,
  name,
  type: 'image',
  default: '',
  maxMb,
});
const color = (name: string, value: string): PreferenceDefinition => ({
  section: 'colors',
  name,
  type: 'color',
  default: value,
});
const emailUrl = (key: string, required?: readonly string[]): PreferenceDefinition => ({
  section: 'configurations',
  name: `url_template_${key}`,
  type: 'email_url',
  default: '',
  maxLength: 500,
  ...(required ? { required } : {}),
});

/**
 * The 18 email URL overrides of spec core §3, by what they link to. Article is SelfCommunity's
 * "discussion"; content links must carry {id}, a profile {id} or {ext_id}, e-mail checks their code.
 */
export const EMAIL_URL_OVERRIDES = [
  emailUrl('discussion', ['id']),
  emailUrl('post', ['id']),
  emailUrl('status', ['id']),
  emailUrl('comment', ['id']),
  emailUrl('profile', ['id', 'ext_id']),
  emailUrl('profile_settings'),
  emailUrl('category', ['id']),
  emailUrl('email_unsubscribe', ['email_token']),
  emailUrl('email_settings'),
  emailUrl('verify_email', ['validation_code']),
  emailUrl('verify_change_email', ['validation_code']),
  emailUrl('password_recover', ['validation_code']),
  emailUrl('notifications'),
  emailUrl('incubator', ['id']),
  emailUrl('private_message', ['id']),
  emailUrl('categories_list'),
  emailUrl('signup'),
  emailUrl('signup_invite_code', ['invite_code']),
] as const;

export const PREFERENCE_CATALOGUE: readonly PreferenceDefinition[] = [
  // text
  { section: 'text', name: 'application_name', type: 'string', default: '', maxLength: 100 },
  { section: 'text', name: 'application_slogan1', type: 'text', default: '', maxLength: 300 },
  { section: 'text', name: 'application_slogan2', type: 'text', default: '', maxLength: 300 },
  { section: 'text', name: 'application_copyright', type: 'text', default: '', maxLength: 300 },
  { section: 'text', name: 'errorpages_title', type: 'string', default: '', maxLength: 150 },
  { section: 'text', name: 'errorpages_subtitle', type: 'text', default: '', maxLength: 300 },
  // colors (spec core §9: primary teal #3d9999)
  color('colorprimary', '#3d9999'),
  color('colorsecondary', '#2b6d6d'),
  color('colorback', '#f5f5f5'),
  color('navbarback', '#ffffff'),
  color('font_color', '#212121'),
  color('font_color_secondary', '#616161'),
  color('boxcolorback', '#ffffff'),
  // style: fonts Inter then Source Sans Pro, base size 15px
  { section: 'style', name: 'font_family', type: 'enum', default: 'Inter', values: THEME_FONTS },
  { section: 'style', name: 'font_size', type: 'int', default: 15, min: 12, max: 20 },
  // logo (desktop 240x60 suggested)
  image('logo', 'navbar_logo'),
  image('logo', 'navbar_logo_mobile'),
  image('logo', 'logo_light'),
  image('logo', 'logo_dark'),
  // covers: up to 4
  image('covers', 'cover_1_hp_m1920', 5),
  image('covers', 'cover_2_hp_m1920', 5),
  image('covers', 'cover_3_hp_m1920', 5),
  image('covers', 'cover_4_hp_m1920', 5),
  { section: 'covers', name: 'covers_visibility', type: 'int', default: 1, min: 0, max: 1 },
  // images
  image('images', 'user_default_avatar'),
  image('images', 'user_default_cover', 5),
  image('images', 'app_icon'),
  image('images', 'error_404'),
  image('images', 'error_503'),
  image('images', 'errorpages_image'),
  // staff
  image('staff', 'staff_badge_icon'),
  { section: 'staff', name: 'staff_badge_label', type: 'string', default: 'Staff', maxLength: 30 },
  // addons
  bool('addons', 'affinity_enabled', false),
  bool('addons', 'closed_community', false),
  { ...bool('addons', 'incubator_enabled', false), feature: 'incubators' },
  {
    section: 'addons',
    name: 'incubator_subscribers',
    type: 'int',
    default: 50,
    clamp: [10, 1200],
    feature: 'incubators',
  },
  bool('addons', 'loyalty_points_collection', false),
  bool('addons', 'polls_enabled', true),
  bool('addons', 'registration_wizard', false),
  bool('addons', 'post_geolocation_enabled', false),
  bool('addons', 'share_post_enabled', true),
  { ...bool('addons', 'share_post_on_facebook_enabled', true), feature: 'social_share' },
  { ...bool('addons', 'share_post_on_twitter_enabled', true), feature: 'social_share' },
  { ...bool('addons', 'share_post_on_linkedin_enabled', true), feature: 'social_share' },
  bool('addons', 'private_messages_enabled', true),
  { section: 'addons', name: 'jwt_secret_key', type: 'secret', default: null },
  { section: 'addons', name: 'jwt_algorithm', type: 'enum', default: 'HS256', values: ['HS256', 'HS512'] },
  // configurations
  bool('configurations', 'connection_enabled', true),
  bool('configurations', 'follow_enabled', false),
  bool('configurations', 'explore_stream_enabled', true),
  {
    section: 'configurations',
    name: 'home_stream_order_by',
    type: 'enum',
    default: 'recent',
    values: STREAM_ORDERS,
    feature: 'stream_settings',
  },
  {
    section: 'configurations',
    name: 'explore_stream_order_by',
    type: 'enum',
    default: 'relevance',
    values: STREAM_ORDERS,
    feature: 'stream_settings',
  },
  {
    section: 'configurations',
    name: 'home_stream_connection_boost',
    type: 'enum',
    default: 'medium',
    values: CONNECTION_BOOSTS,
    feature: 'stream_settings',
  },
  {
    section: 'configurations',
    name: 'explore_stream_connection_boost',
    type: 'enum',
    default: 'disabled',
    values: CONNECTION_BOOSTS,
    feature: 'stream_settings',
  },
  bool('configurations', 'category_follow_enabled', true),
  bool('configurations', 'manual_categories_order_enabled', false),
  bool('configurations', 'people_search_enabled', true),
  bool('configurations', 'post_only_staff_enabled', false),
  bool('configurations', 'content_availability', true),
  bool('configurations', 'users_approval_enabled', false),
  bool('configurations', 'post_type_enabled', true),
  bool('configurations', 'discussion_type_enabled', true),
  bool('configurations', 'status_type_enabled', false),
  bool('configurations', 'courses_enabled', false),
  bool('configurations', 'groups_enabled', false),
  bool('configurations', 'events_enabled', false),
  bool('configurations', 'live_stream_enabled', false),
  bool('configurations', 'payments_enabled', false),
  {
    section: 'configurations',
    name: 'stripe_connected_account_id',
    type: 'string',
    default: '',
    maxLength: 100,
  },
  bool('configurations', 'comments_enabled', true),
  bool('configurations', 'scheduled_posts_enabled', false),
  bool('configurations', 'video_autoplay_enabled', true),
  bool('configurations', 'post_category_required_enabled', false),
  bool('configurations', 'post_addressing_required_enabled', false),
  {
    section: 'configurations',
    name: 'gdpr_signup_accept_html',
    type: 'html',
    default: '',
    maxLength: 20000,
    feature: 'gdpr_settings',
  },
  {
    section: 'configurations',
    name: 'gdpr_cookie_consent_external_html',
    type: 'html',
    default: '',
    maxLength: 20000,
    feature: 'gdpr_settings',
  },
  bool('configurations', 'custom_navbar_item_enabled', false),
  { section: 'configurations', name: 'custom_navbar_item_text', type: 'string', default: '', maxLength: 30 },
  { section: 'configurations', name: 'custom_navbar_item_url', type: 'url', default: '', maxLength: 500 },
  image('configurations', 'custom_navbar_item_image'),
  {
    section: 'configurations',
    name: 'tag_manager_container_id',
    type: 'string',
    default: '',
    maxLength: 20,
    pattern: '^GTM-[A-Z0-9]{4,12}$',
    feature: 'google_cloud_api',
  },
  { section: 'configurations', name: 'app_url', type: 'url', default: '', maxLength: 500 },
  ...EMAIL_URL_OVERRIDES,
  {
    section: 'configurations',
    name: 'url_template_live_stream',
    type: 'url_template',
    default: '',
    maxLength: 500,
    required: ['id', 'slug'],
  },
  // providers
  {
    section: 'providers',
    name: 'google_geocoding_api_key',
    type: 'string',
    default: '',
    maxLength: 200,
    feature: 'google_cloud_api',
  },
  {
    section: 'providers',
    name: 'app_url_on_app_store',
    type: 'url',
    default: '',
    maxLength: 500,
    feature: 'app_settings',
  },
  {
    section: 'providers',
    name: 'app_url_on_google_play',
    type: 'url',
    default: '',
    maxLength: 500,
    feature: 'app_settings',
  },
  // webmaster (SEO advice 70 / 150 characters is shown, not enforced)
  {
    section: 'webmaster',
    name: 'meta_robots',
    type: 'text',
    default: 'index, follow',
    maxLength: 2000,
    feature: 'seo',
  },
  {
    section: 'webmaster',
    name: 'meta_title_home_not_logged',
    type: 'string',
    default: '',
    maxLength: 300,
    feature: 'seo',
  },
  {
    section: 'webmaster',
    name: 'meta_description',
    type: 'text',
    default: '',
    maxLength: 1000,
    feature: 'seo',
  },
  // features: the community's plan
  {
    section: 'features',
    name: 'subscription_tier',
    type: 'enum',
    default: 'GO',
    values: ['FREE_TRIAL', 'GO', 'PROFESSIONAL', 'ENTERPRISE'],
    readOnly: true,
  },
  // Appended (ids are positions in this list): how new members join, open or by invitation only.
  {
    section: 'configurations',
    name: 'registration_mode',
    type: 'enum',
    default: 'open',
    values: ['open', 'invitation_only'],
  },
  // Appended: advertising (issue 15 §3; SelfCommunity's section `advertising`). Read-only here: the
  // advertising area's settings route writes them together, so only one system is ever on (mgmt §4).
  ...advertisingPreferences(),
];

function advertisingPreferences(): PreferenceDefinition[] {
  const bool = (name: string): PreferenceDefinition => ({
    section: 'advertising',
    name,
    type: 'bool',
    default: false,
    readOnly: true,
  });
  const text = (name: string, maxLength: number): PreferenceDefinition => ({
    section: 'advertising',
    name,
    type: 'text',
    default: '',
    maxLength,
    readOnly: true,
  });
  return [
    bool('custom_adv_enabled'),
    bool('custom_adv_only_for_anonymous_users_enabled'),
    bool('ads_enabled'),
    text('ads_verification_code', 2000),
    bool('ads_only_for_anonymous_users_enabled'),
    bool('ads_manual_enabled'),
    ...[
      'below_topbar',
      'below_the_post',
      'in_post_comments',
      'related_posts_column',
      'tools_column',
      'in_stream',
      'above_the_stream',
      'above_the_stream_category',
    ].map((position) => text(`ads_${position}_code`, 20_000)),
  ];
}

const byName = new Map(PREFERENCE_CATALOGUE.map((definition) => [definition.name, definition]));

/** Looks a preference up by `name` or `section.name`. */
export function preferenceDefinition(key: string): PreferenceDefinition | undefined {
  const dot = key.indexOf('.');
  if (dot < 0) return byName.get(key);
  const found = byName.get(key.slice(dot + 1));
  return found && found.section === key.slice(0, dot) ? found : undefined;
}

/** A stable numeric id per preference, as the public API's objects carry one. */
export function preferenceId(name: string): number {
  return PREFERENCE_CATALOGUE.findIndex((definition) => definition.name === name) + 1;
}
