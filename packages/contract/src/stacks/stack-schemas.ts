import { z } from 'zod';

export const STAFF_ROLES = ['admin', 'editor', 'moderator', 'publisher'] as const;
export const staffRoleSchema = z.enum(STAFF_ROLES);
export type StaffRole = z.infer<typeof staffRoleSchema>;

/** Roles that may open the console; a publisher only publishes (spec mgmt §6). */
export const CONSOLE_ROLES: readonly StaffRole[] = ['admin', 'editor', 'moderator'];

/** Stack status values (spec core §4). */
export const STACK_STATUSES = ['progress', 'stopped', 'freezed', 'started', 'online', 'error'] as const;
export const stackStatusSchema = z.enum(STACK_STATUSES);
export type StackStatus = z.infer<typeof stackStatusSchema>;

export const COMMUNITY_TYPES = ['community', 'private', 'enterprise'] as const;

/** A community as the signed-in account sees it (spec core §3 "Stack"). */
export const stackSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  token: z
    .string()
    .nullable()
    .describe('Reserved for a community-issued token; null while the console token serves'),
  roles: z.array(staffRoleSchema),
  username: z.string(),
  internal_url: z.string(),
  userId: z.number().int(),
  authToken: z.string().nullable(),
  data_provisioning_token: z.string().nullable(),
  communityType: z.string(),
  communityName: z.string(),
  status: stackStatusSchema,
  features: z.array(z.string()),
});
export type Stack = z.infer<typeof stackSchema>;

export const stackPaths = {
  list: '/platform/api/v1/stacks/',
  one: '/platform/api/v1/stacks/:id/',
  /** Relative to a stack's internal_url. */
  self: '/platform/api/v1/stack/',
  ssoTicket: '/platform/api/v1/auth/sso_ticket/',
} as const;
