import { z } from 'zod';

/**
 * Members hiding members (SelfCommunity's `user/{id}/hide/`): the hidden member's contents leave the
 * member's home and explore feeds; only the member knows whom they hid.
 */
export const memberHiddenPaths = {
  hide: '/user/:id/hide/',
  isHidden: '/user/:id/is_hidden/',
  isHiddenBy: '/user/:id/is_hidden_by/',
  list: '/user/hidden_users/',
  ids: '/user/hidden_users_id/',
} as const;
export const MEMBER_HIDDEN_MESSAGES = { hideSelf: 'You cannot hide yourself.' } as const;
export const memberHiddenStatusSchema = z.object({ is_hidden: z.boolean() }).describe('Hidden status');
export const memberHiddenByStatusSchema = z
  .object({ is_hidden_by: z.boolean() })
  .describe('Whether that member hid the caller');
export const memberHiddenIdsSchema = z.array(z.number().int()).describe('Ids of the members the caller hid');

/** Members to suggest to the caller: active ones they neither follow nor are connected with. */
export const memberSuggestionPaths = { users: '/suggestion/user/' } as const;
