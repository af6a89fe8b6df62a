import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Email sending tasks (issue 14 §1 "Send and send customised"; spec mgmt §4 "Only one email sending
 * task runs at a time", §5 "Email send: at least one user; recipients limited to the remaining daily
 * quota", §8 the busy message).
 */

/** The template types a staff member may send to chosen users (spec: "email template type dialog"). */
export const EMAIL_SEND_TEMPLATE_KEYS = ['invite', 'data_provisioning'] as const;
export type EmailSendTemplateKey = (typeof EMAIL_SEND_TEMPLATE_KEYS)[number];

/** Recipients of one task at most (one request; the daily quota limits the default sender further). */
export const EMAIL_SEND_RECIPIENTS_MAX = 10_000;
export const EMAIL_SEND_SUBJECT_MAX = 200;
export const EMAIL_SEND_HTML_MAX = 100_000;

/** The messages of the spec word for word, and this area's own. */
export const EMAIL_SENDS_MESSAGES = {
  busy: 'The system is busy. An email sending task is already in progress...',
  sent: 'Email sent successfully',
  noRecipients: 'Choose at least one user.',
  unknownRecipients: 'Some of the chosen users are not members of this community.',
  required: 'Required field',
  taskNotFound: 'Email sending task not found',
} as const;

export function quotaExceededMessage(remaining: number): string {
  return `Today this community may send ${remaining} more email(s) through the default sender. Choose fewer users, or configure a custom email server.`;
}

export const EmailSendsErrorCode = {
  /** Another sending task of the community is running (409). */
  busy: 'email_send_busy',
  /** More recipients than the day's remaining quota of the default sender (400). */
  quotaExceeded: 'email_quota_exceeded',
  /** No recipient chosen (400). */
  noRecipients: 'email_send_no_recipients',
} as const;

const userIdsSchema = z
  .array(rowIdSchema)
  .max(EMAIL_SEND_RECIPIENTS_MAX)
  .describe('The chosen community users (at least one)');

/** `email_sends/send/`: a template type to the chosen users. */
export const emailSendBodySchema = z.object({
  template_key: z.enum(EMAIL_SEND_TEMPLATE_KEYS),
  user_ids: userIdsSchema,
});
export type EmailSendBody = z.infer<typeof emailSendBodySchema>;

/** `email_sends/send_customised/`: a subject and an HTML body written for this send. */
export const emailSendCustomisedBodySchema = z.object({
  subject: z.string().max(EMAIL_SEND_SUBJECT_MAX),
  html: z.string().max(EMAIL_SEND_HTML_MAX),
  user_ids: userIdsSchema,
});
export type EmailSendCustomisedBody = z.infer<typeof emailSendCustomisedBodySchema>;

/** What the community may still send today: `remaining` is null when it has no limit (its own server). */
export const emailQuotaSchema = z.object({
  remaining: z.number().int().nullable(),
  custom_server: z.boolean(),
});
export type EmailQuota = z.infer<typeof emailQuotaSchema>;

export const EMAIL_TASK_STATUSES = ['running', 'done'] as const;
export const EMAIL_DELIVERY_STATUSES = ['queued', 'sent', 'failed'] as const;
export type EmailDeliveryStatus = (typeof EMAIL_DELIVERY_STATUSES)[number];

/** A sending task with its progress. */
export const emailTaskSchema = z.object({
  id: z.number().int(),
  status: z.enum(EMAIL_TASK_STATUSES),
  subject: z.string(),
  template_key: z.enum(EMAIL_SEND_TEMPLATE_KEYS).nullable(),
  requested_by: z.string().describe('Username of the staff member who sent it'),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  queued: z.number().int().describe('Not yet sent (waiting or being handed to the server)'),
});
export type EmailTask = z.infer<typeof emailTaskSchema>;

/** One recipient of a task: its state and, when it failed, the mail server's answer. */
export const emailDeliverySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  email: z.string(),
  status: z.enum(EMAIL_DELIVERY_STATUSES),
  attempts: z.number().int(),
  answer: z.string().nullable().describe("The mail server's answer (its refusal when failed)"),
  sent_at: z.string().nullable(),
});
export type EmailDelivery = z.infer<typeof emailDeliverySchema>;

export const emailDeliveryListSchema = z.object({
  count: z.number().int(),
  results: z.array(emailDeliverySchema),
});
export type EmailDeliveryList = z.infer<typeof emailDeliveryListSchema>;

export const emailDeliveryQuerySchema = z.object({
  status: z.enum(EMAIL_DELIVERY_STATUSES).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type EmailDeliveryQuery = z.infer<typeof emailDeliveryQuerySchema>;

export const emailSendsPaths = {
  /** Relative to a stack's internal_url. */
  quota: '/platform/api/v1/email_sends/quota/',
  send: '/platform/api/v1/email_sends/send/',
  sendCustomised: '/platform/api/v1/email_sends/send_customised/',
  task: '/platform/api/v1/email_sends/:id/',
  deliveries: '/platform/api/v1/email_sends/:id/deliveries/',
} as const;
