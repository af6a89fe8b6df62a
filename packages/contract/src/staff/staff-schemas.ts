import { z } from 'zod';
import { staffRoleSchema } from '../stacks/stack-schemas.ts';

/** What the staff screen shows on failure (spec mgmt §8). */
export const STAFF_MESSAGES = {
  alreadyStaff: 'User already in the staff',
  userNotFound: 'No users found with this username!',
  mailFailed: 'Error sending mail notification',
  removeFailed: 'There was an error removing the user from the Staff',
  ownRole: 'You cannot change your own role.',
  adminRole: "The admin user's role cannot be changed.",
  gdprDocument: 'Confirm that the user signed the data-processing document.',
  emailSearch: 'Only GDPR data managers may search users by email.',
  required: 'This field is required.',
  invalidRole: 'Choose admin, editor, moderator or publisher.',
} as const;

/** Machine-readable codes of the staff calls (besides the shared ErrorCode values). */
export const StaffErrorCode = {
  alreadyStaff: 'already_staff',
  userNotFound: 'user_not_found',
  mailFailed: 'mail_failed',
  removeFailed: 'remove_failed',
  ownRole: 'own_role',
  /** An admin's role is final: no one demotes or removes an admin (spec mgmt §5, §6). */
  adminRole: 'admin_role',
  gdprDocumentRequired: 'gdpr_document_required',
} as const;

/** Attributes of a staff member (spec mgmt §3 "Staff role"). */
export const STAFF_ATTRIBUTES = [
  'badge',
  'prioritize_content',
  'disable_notifications',
  'gdpr_data_manager',
] as const;
export type StaffAttribute = (typeof STAFF_ATTRIBUTES)[number];

export const staffMemberSchema = z.object({
  id: z.number().int().describe('Community user id'),
  username: z.string(),
  email: z.string().nullable().describe('Shown only to GDPR data managers'),
  role: staffRoleSchema,
  badge: z.boolean(),
  prioritize_content: z.boolean(),
  disable_notifications: z.boolean().describe('No internal email notifications'),
  gdpr_data_manager: z.boolean(),
  gdpr_document_signed: z.boolean(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** A community user found by `users/search/` (role null = member). */
export const userSearchResultSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  email: z.string().nullable().describe('Shown only to GDPR data managers'),
  role: staffRoleSchema.nullable(),
});
export type UserSearchResult = z.infer<typeof userSearchResultSchema>;

export const userSearchQuerySchema = z.object({
  username: z.string().max(150).optional().describe('Username prefix'),
  email: z.string().max(254).optional().describe('Email prefix (GDPR data managers only)'),
});

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off', ''])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

/** `users/manage_roles/` (JSON or form). role null (or '') removes the user from the staff. */
export const manageRolesBodySchema = z.object({
  username: z.string().trim().min(1, STAFF_MESSAGES.required).max(150),
  role: z
    .union([staffRoleSchema, z.literal(''), z.null()], { error: STAFF_MESSAGES.invalidRole })
    .transform((v) => (v === '' ? null : v)),
  mode: z
    .enum(['add', 'edit'])
    .optional()
    .describe('add: refuse a user already in the staff; edit or absent: add or change'),
  badge: boolish.optional(),
  prioritize_content: boolish.optional(),
  disable_notifications: boolish.optional(),
  gdpr_data_manager: boolish.optional(),
  gdpr_document_signed: boolish.optional(),
  notify: boolish.optional().describe('Tell the user by email'),
});
export type ManageRolesBody = z.input<typeof manageRolesBodySchema>;

export const removeStaffBodySchema = z.object({
  username: z.string().trim().min(1, STAFF_MESSAGES.required).max(150),
});

/** `users/manage_roles/` answer: the staff member, or null when removed. */
export const manageRolesResultSchema = staffMemberSchema.nullable();

export const staffPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/users/get_staff_list/',
  search: '/platform/api/v1/users/search/',
  manageRoles: '/platform/api/v1/users/manage_roles/',
  remove: '/platform/api/v1/users/remove_staff/',
} as const;
