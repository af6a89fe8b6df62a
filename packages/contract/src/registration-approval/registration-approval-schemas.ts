import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { pageOf } from '../envelope.ts';

/** A registration request's status (spec mgmt §3): approved members are ordinary active members. */
export const APPROVAL_STATUSES = ['approved', 'pending', 'ignored'] as const;
export const approvalStatusSchema = z.enum(APPROVAL_STATUSES);
export type ApprovalStatus = z.infer<typeof approvalStatusSchema>;

/** The statuses the approval table filters on (spec mgmt §2). */
export const approvalFilterSchema = z.enum(['pending', 'ignored']);
export type ApprovalFilter = z.infer<typeof approvalFilterSchema>;

/** Actions of `users/manage_approval/` (spec mgmt §4: pending → approved | ignored; ignored → pending). */
export const APPROVAL_ACTIONS = ['approve', 'ignore', 'restore'] as const;
export const approvalActionSchema = z.enum(APPROVAL_ACTIONS);
export type ApprovalAction = z.infer<typeof approvalActionSchema>;

/** The transitions allowed from each status. */
export const APPROVAL_TRANSITIONS: Record<ApprovalStatus, Partial<Record<ApprovalAction, ApprovalStatus>>> = {
  pending: { approve: 'approved', ignore: 'ignored' },
  ignored: { restore: 'pending' },
  approved: {},
};

export const RegistrationApprovalErrorCode = {
  invalidTransition: 'invalid_transition',
  userNotFound: 'user_not_found',
} as const;

export const REGISTRATION_APPROVAL_MESSAGES = {
  invalidTransition: 'This action is not allowed for the current status of the request.',
  userNotFound: 'No registration request found for this user.',
} as const;

export const approvalTagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  color: z.string(),
});

export const approvalRequestSchema = z.object({
  id: z.number().int().describe('Community user id'),
  username: z.string(),
  email: z.string(),
  tags: z.array(approvalTagSchema),
  submitted_at: z.string().describe('ISO date-time of the registration'),
  status: approvalStatusSchema,
});
export type ApprovalRequest = z.infer<typeof approvalRequestSchema>;

export const approvalPageSchema = pageOf(approvalRequestSchema);
export type ApprovalPage = z.infer<typeof approvalPageSchema>;

export const approvalListQuerySchema = z.object({
  status: approvalFilterSchema.default('pending'),
  search: z.string().trim().max(254).optional().describe('Part of the username or email'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ApprovalListQuery = z.input<typeof approvalListQuerySchema>;

export const manageApprovalBodySchema = z.object({
  user_id: rowIdSchema,
  action: approvalActionSchema,
});
export type ManageApprovalBody = z.infer<typeof manageApprovalBodySchema>;

export const registrationApprovalPaths = {
  list: '/platform/api/v1/users/get_awaiting_approval_list/',
  manage: '/platform/api/v1/users/manage_approval/',
} as const;
