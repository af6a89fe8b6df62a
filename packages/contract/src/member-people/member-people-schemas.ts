import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { dynamicPreferenceSchema } from '../dynamic-preferences/preference-schemas.ts';
import { queryBoolean, queryList } from '../member-list.ts';
import type { PasswordWeaknessCode } from './password-weakness-codes.ts';

/**
 * The people side of the member API (SelfCommunity v2-compatible): sign-up, SSO sign-up, users,
 * follows and connections, features, dynamic preferences, categories and tags.
 */

/** How new members join a community (preference `configurations.registration_mode`). */
export const REGISTRATION_MODES = ['open', 'invitation_only'] as const;
export type RegistrationMode = (typeof REGISTRATION_MODES)[number];

export const MEMBER_USERNAME_MAX = 255;
export const MEMBER_PASSWORD_MIN = 8;
export const MEMBER_PASSWORD_MAX = 128;
export const MEMBER_REAL_NAME_MAX = 255;
const USERNAME = /^[A-Za-z0-9_-]+$/;
// A pragmatic address check: something@something.tld, no spaces.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const MEMBER_PEOPLE_MESSAGES = {
  required: 'This field is required.',
  languageUnknown: 'Choose a language this community speaks: en or it.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and _ or - characters.',
  usernameTooLong: `Ensure this field has no more than ${MEMBER_USERNAME_MAX} characters.`,
  usernameTaken: 'A user with that username already exists.',
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'A user with that email already exists.',
  extIdTaken: 'A user with that ext_id already exists.',
  passwordTooShort: `This password is too short. It must contain at least ${MEMBER_PASSWORD_MIN} characters.`,
  passwordTooLong: `Ensure this field has no more than ${MEMBER_PASSWORD_MAX} characters.`,
  passwordWeak:
    'This password is too weak: it is too easy to guess. Use a longer passphrase of several unrelated words.',
  passwordTooCommon:
    'This password is too weak: it is a common password, or one with predictable changes (Passw0rd, password1A). Use a longer passphrase of several unrelated words.',
  passwordTooSimilar:
    'This password is too weak: it is too similar to your username, email or name. Use a longer passphrase of several unrelated words.',
  realNameTooLong: `Ensure this field has no more than ${MEMBER_REAL_NAME_MAX} characters.`,
  roleInvalid: 'Choose admin, moderator, editor or publisher.',
  tagsInvalid: 'Choose user tags of this community.',
  invitationOnly: 'This community accepts new members by invitation only.',
  registrationsClosed: 'Registrations to this community are closed for now. Try later!',
  followSelf: 'You cannot follow yourself.',
  connectSelf: 'You cannot connect with yourself.',
  followDisabled: 'Following other members is not enabled in this community.',
  connectionDisabled: 'Connections are not enabled in this community.',
  noConnectionRequest: 'There is no connection request from this user.',
  userNotFound: 'This user is not found.',
  tagTarget: 'Send exactly one of user, category or contribution.',
} as const;

export interface MemberFieldProblem {
  field: string;
  code: 'required' | 'invalid' | 'max_length' | 'min_length' | 'unique' | PasswordWeaknessCode;
  message: string;
}

/**
 * Password lengths: 8–128 characters. Strength is the server's one rule (a zxcvbn estimate with the
 * person's own username, e-mail and name as known words): refused as password_too_common,
 * password_too_similar or password_too_weak.
 */
export function checkMemberPassword(password: string): MemberFieldProblem | undefined {
  const m = MEMBER_PEOPLE_MESSAGES;
  if (password.length < MEMBER_PASSWORD_MIN) {
    return { field: 'password', code: 'min_length', message: m.passwordTooShort };
  }
  if (password.length > MEMBER_PASSWORD_MAX) {
    return { field: 'password', code: 'max_length', message: m.passwordTooLong };
  }
  return undefined;
}

/**
 * Syntax checks of a new member's fields (uniqueness is the server's): username always; email and
 * password when `required` says so or when given.
 */
export function checkMemberSignUp(
  input: { username?: string; email?: string; password?: string; real_name?: string },
  required: { email: boolean; password: boolean },
): MemberFieldProblem[] {
  const m = MEMBER_PEOPLE_MESSAGES;
  const problems: MemberFieldProblem[] = [];
  const username = (input.username ?? '').trim();
  if (username === '') problems.push({ field: 'username', code: 'required', message: m.required });
  else if (username.length > MEMBER_USERNAME_MAX)
    problems.push({ field: 'username', code: 'max_length', message: m.usernameTooLong });
  else if (!USERNAME.test(username))
    problems.push({ field: 'username', code: 'invalid', message: m.usernameInvalid });
  const email = (input.email ?? '').trim();
  if (email === '') {
    if (required.email) problems.push({ field: 'email', code: 'required', message: m.required });
  } else if (email.length > 254 || !EMAIL.test(email)) {
    problems.push({ field: 'email', code: 'invalid', message: m.emailInvalid });
  }
  const password = input.password ?? '';
  if (password === '') {
    if (required.password) problems.push({ field: 'password', code: 'required', message: m.required });
  } else {
    const problem = checkMemberPassword(password);
    if (problem) problems.push(problem);
  }
  if ((input.real_name ?? '').length > MEMBER_REAL_NAME_MAX) {
    problems.push({ field: 'real_name', code: 'max_length', message: m.realNameTooLong });
  }
  return problems;
}

// --- Bodies -------------------------------------------------------------------------------------

/** `POST /account/create/`: lenient, unknown fields (custom metadata, promo codes) are ignored. */
export const memberSignUpBodySchema = z.looseObject({
  username: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  real_name: z.string().optional(),
  invite_code: z.string().optional(),
  promo_code: z.string().max(1000).optional(),
  /** The member's language ('en', 'it', or a tag such as 'it-IT'); their emails are written in it. */
  language: z.string().max(35).optional(),
  /**
   * Ids of the legal pages (current versions, from `legal_page/last_revisions/`) the person accepted
   * on the sign-up form: recorded as their acknowledgements, so nothing is owed after signing up.
   */
  legal_pages: z.array(rowIdSchema).max(20).optional(),
});
export type MemberSignUpBody = z.infer<typeof memberSignUpBodySchema>;

export const MEMBER_ROLES = ['admin', 'moderator', 'editor', 'publisher'] as const;

/** `POST /sso/signup/` (admin). */
export const ssoSignUpBodySchema = z.looseObject({
  ext_id: z.union([z.string(), z.number()]).nullable().optional(),
  username: z.string().optional(),
  real_name: z.string().optional(),
  email: z.string().optional(),
  password: z.string().optional(),
  role: z.string().nullable().optional(),
  tags: z.array(rowIdSchema).nullable().optional(),
  language: z.string().max(35).optional(),
});
export type SsoSignUpBody = z.infer<typeof ssoSignUpBodySchema>;

export const ssoSignUpResultSchema = z.object({
  id: z.number().int(),
  ext_id: z.string().nullable(),
  username: z.string(),
  email: z.string(),
  role: z.enum(MEMBER_ROLES).nullable(),
  tags: z.array(z.number().int()),
  avatar: z.string().nullable(),
});
export type SsoSignUpResult = z.infer<typeof ssoSignUpResultSchema>;

// --- Users --------------------------------------------------------------------------------------

export const memberUserTagSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

export const CONNECTION_STATUSES = [
  'followed',
  'connected',
  'sent_connection_request',
  'received_connection_request',
] as const;

/** SelfCommunity's User object (the fields this server knows). */
export const memberUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  avatar: z.string().nullable(),
  cover: z.string().nullable().optional(),
  ext_id: z.string().nullable(),
  email: z.string().optional().describe('Only to the user themself and to staff'),
  date_joined: z.string(),
  bio: z.string(),
  status: z.enum(['a', 'b', 'd', 'u']),
  reg_approved: z.boolean(),
  deleted: z.boolean(),
  reputation: z.number().int(),
  community_badge: z.boolean(),
  role: z.string().nullable(),
  tags: z.array(memberUserTagSchema),
  followings_counter: z.number().int().optional(),
  followers_counter: z.number().int().optional(),
  posts_counter: z.number().int().optional(),
  discussions_counter: z.number().int().optional(),
  statuses_counter: z.number().int().optional(),
  polls_counter: z.number().int().optional(),
  categories_counter: z.number().int().optional(),
  connection_status: z.enum(CONNECTION_STATUSES).nullable().optional(),
});
export type MemberUserObject = z.infer<typeof memberUserSchema>;

export const memberPermissionSchema = z.object({
  create_contribute: z.boolean(),
  create_poll: z.boolean(),
  locate_post: z.boolean(),
  create_post: z.boolean(),
  create_post_with_category: z.boolean(),
  create_group: z.boolean(),
  create_event: z.boolean(),
  create_course: z.boolean(),
  create_live_stream: z.boolean(),
  follow_user: z.boolean(),
  request_connection: z.boolean(),
  accept_connection: z.boolean(),
});
export type MemberPermission = z.infer<typeof memberPermissionSchema>;

export const memberMeSchema = memberUserSchema.extend({
  /** The language the member chose ('en' or 'it'; null: not known): the site and their emails use it. */
  language: z.enum(['en', 'it']).nullable(),
  permission: memberPermissionSchema,
  unseen_interactions_counter: z.number().int(),
  unseen_notification_banners_counter: z.number().int(),
});

/**
 * `PATCH /user/{id}/` (the member themself): what a member may change of their own account here. Other
 * fields of SelfCommunity's User are ignored. `language` takes 'en', 'it' or a tag such as 'it-IT';
 * a language the product does not speak is refused.
 */
export const memberUserPatchSchema = z.looseObject({
  language: z.string().trim().max(35).nullable().optional(),
});
export type MemberUserPatch = z.infer<typeof memberUserPatchSchema>;

export const memberUserCountersSchema = z.object({
  discussions: z.number().int(),
  polls: z.number().int(),
  posts: z.number().int(),
  statuses: z.number().int(),
  followings: z.number().int(),
  followers: z.number().int(),
  connection_requests_sent_counter: z.number().int(),
  connection_requests_received_counter: z.number().int(),
  connections_counter: z.number().int(),
});
export type MemberUserCounters = z.infer<typeof memberUserCountersSchema>;

export const memberConnectionRequestSchema = z.object({
  id: z.number().int(),
  from_user: memberUserSchema,
  to_user: memberUserSchema,
  created: z.string(),
  rejected: z.string().nullable(),
  viewed: z.string().nullable(),
});

export const memberUserListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
  user: z.string().optional().describe('Searches username and real name'),
  username: z.string().optional(),
  real_name: z.string().optional(),
  is_staff: queryBoolean.optional(),
  tag: rowIdSchema.optional(),
  ordering: z.string().optional(),
});
export type MemberUserListQuery = z.infer<typeof memberUserListQuerySchema>;

// --- Features, preferences, categories ---------------------------------------------------------

export const memberFeatureSchema = z.object({ id: z.number().int(), name: z.string(), enabled: z.boolean() });
export const memberFeatureQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  name: z.string().optional(),
  search: z.string().optional(),
});

export const memberPreferenceSchema = dynamicPreferenceSchema;
export const memberPreferenceQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
  section: z.string().optional(),
  keys: queryList(z.string()).optional().describe('section.name, comma separated'),
  ordering: z.string().optional(),
});
/** `PATCH /dynamic_preference/`: a flat {name: value}. */
export const memberPreferencePatchSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()]),
);

export const memberCategorySchema = z.object({
  id: z.number().int(),
  order: z.number().int(),
  name: z.string(),
  name_synonyms: z.string(),
  slug: z.string(),
  slogan: z.string(),
  html_info: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  auto_follow: z.enum(['none', 'default', 'forced']),
  content_only_staff: z.boolean(),
  active: z.boolean(),
  deleted: z.boolean(),
  image_original: z.string().nullable(),
  image_bigger: z.string().nullable(),
  image_big: z.string().nullable(),
  image_medium: z.string().nullable(),
  image_small: z.string().nullable(),
  emotional_image_original: z.string().nullable(),
  emotional_image_position: z.number().int(),
  lastmod_datetime: z.string(),
  stream_order_by: z.string(),
  followers_counter: z.number().int(),
  followed: z.boolean(),
  tags: z.array(memberUserTagSchema),
});
export const memberCategoryQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
});

// --- Tags ---------------------------------------------------------------------------------------

/** SelfCommunity's tag types; "contribution" is this server's "thread". */
export const MEMBER_TAG_TYPES = ['user', 'category', 'contribution'] as const;

export const memberTagSchema = z.object({
  id: z.number().int(),
  type: z.enum(MEMBER_TAG_TYPES),
  name: z.string(),
  description: z.string(),
  color: z.string(),
  visible: z.boolean().optional().describe('Admins only'),
  visibility_boost: z.boolean().optional().describe('Admins only'),
  created_at: z.string().optional().describe('Admins only'),
  active: z.boolean().optional().describe('Admins only'),
  deleted: z.boolean().optional().describe('Admins only'),
});
export type MemberTag = z.infer<typeof memberTagSchema>;

export const memberTagQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
  type: z.enum(MEMBER_TAG_TYPES).optional(),
  active: queryBoolean.optional(),
  visible: queryBoolean.optional(),
  visibility_boost: queryBoolean.optional(),
  ordering: z.string().optional(),
});

export const memberTagWriteSchema = z.looseObject({
  type: z.string().optional(),
  name: z.string().optional(),
  description: z.string().optional(),
  color: z.string().optional(),
  visible: queryBoolean.optional(),
  visibility_boost: queryBoolean.optional(),
  active: queryBoolean.optional(),
  deleted: queryBoolean.optional().describe('true deactivates the tag'),
});
export type MemberTagWrite = z.infer<typeof memberTagWriteSchema>;

export const memberTagAssignSchema = z.looseObject({
  user: rowIdSchema.optional(),
  category: rowIdSchema.optional(),
  contribution: rowIdSchema.optional(),
});
