import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { pageOf } from '../envelope.ts';
import { moderatedUserStandingSchema } from '../user-moderation/user-moderation-schemas.ts';

// Console: one community user (spec core "Users": get, update/{id}, avatar/{username},
// {id}/categories, followers, followings, connections).

export const CONSOLE_USER_REAL_NAME_MAX = 255;
export const CONSOLE_USER_BIO_MAX = 500;
export const CONSOLE_USER_EXT_ID_MAX = 255;

export const USERS_MESSAGES = {
  required: 'This field is required.',
  userNotFound: 'This user is not found.',
  idOrUsername: 'Give the id or the username of the user.',
  realNameTooLong: `Ensure this field has no more than ${CONSOLE_USER_REAL_NAME_MAX} characters.`,
  bioTooLong: `Ensure this field has no more than ${CONSOLE_USER_BIO_MAX} characters.`,
  extIdTooLong: `Ensure this field has no more than ${CONSOLE_USER_EXT_ID_MAX} characters.`,
  notText: 'Enter a text.',
  emailInvalid: 'Enter a valid email address.',
  emailTaken: 'A user with that email already exists.',
  extIdTaken: 'A user with that ext_id already exists.',
  erased: 'This user has been fully deleted (GDPR): the account can no longer be changed.',
} as const;

export const UsersErrorCode = {
  userNotFound: 'user_not_found',
  maxLength: 'max_length',
  unique: 'unique',
  erased: 'user_erased',
} as const;

export const consoleUserTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});

export const consoleUserSchema = z.object({
  id: z.number().int().describe('Community user id'),
  username: z.string(),
  real_name: z.string(),
  email: z.string().nullable().describe('Shown only to admins and GDPR data managers'),
  role: z.string().nullable().describe('Staff role; null for members'),
  status: moderatedUserStandingSchema.describe('Effective standing (an ended ban reads active)'),
  email_validated: z.boolean(),
  bio: z.string(),
  ext_id: z.string().nullable(),
  registered: z.string().describe('ISO date-time of the registration'),
  last_visit: z.string().nullable(),
  score: z.number().int(),
  tags: z.array(consoleUserTagSchema),
  followers: z.number().int(),
  followings: z.number().int(),
  connections: z.number().int(),
  posts: z.number().int(),
});
export type ConsoleUser = z.infer<typeof consoleUserSchema>;

/** `users/get/?id=` or `?username=` (one of them). */
export const userGetQuerySchema = z.object({
  id: rowIdSchema.optional(),
  username: z.string().trim().max(255).optional(),
});
export type UserGetQuery = z.input<typeof userGetQuerySchema>;

/**
 * `users/update/{id}/` (JSON or form): a partial update; absent fields are kept. The service checks
 * the values so that every error names its field. An empty ext_id clears it.
 */
export const userUpdateBodySchema = z.object({
  real_name: z.unknown().optional(),
  bio: z.unknown().optional(),
  email: z.unknown().optional(),
  ext_id: z.unknown().optional(),
});
export type UserUpdateBody = z.input<typeof userUpdateBodySchema>;

export const userCategorySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  followed_at: z.string(),
});
export type UserCategory = z.infer<typeof userCategorySchema>;

export const userFollowSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  followed_at: z.string(),
});
export type UserFollow = z.infer<typeof userFollowSchema>;
export const userFollowPageSchema = pageOf(userFollowSchema);
export type UserFollowPage = z.infer<typeof userFollowPageSchema>;

export const userConnectionSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  connected_at: z.string(),
});
export type UserConnection = z.infer<typeof userConnectionSchema>;
export const userConnectionPageSchema = pageOf(userConnectionSchema);
export type UserConnectionPage = z.infer<typeof userConnectionPageSchema>;

export const userRelationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UserRelationsQuery = z.input<typeof userRelationsQuerySchema>;

export const usersPaths = {
  /** Relative to a stack's internal_url. */
  get: '/platform/api/v1/users/get/',
  update: '/platform/api/v1/users/update/:id/',
  avatar: '/platform/api/v1/users/avatar/:username/',
  categories: '/platform/api/v1/users/:id/categories/',
  followers: '/platform/api/v1/users/:id/followers/',
  followings: '/platform/api/v1/users/:id/followings/',
  connections: '/platform/api/v1/users/:id/connections/',
} as const;

export function userUpdatePath(id: number): string {
  return usersPaths.update.replace(':id', String(id));
}
export function userAvatarPath(username: string): string {
  return usersPaths.avatar.replace(':username', encodeURIComponent(username));
}
export function userRelationPath(
  id: number,
  what: 'categories' | 'followers' | 'followings' | 'connections',
) {
  return usersPaths[what].replace(':id', String(id));
}
