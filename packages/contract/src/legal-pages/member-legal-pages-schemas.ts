import { z } from 'zod';
import { memberListQuerySchema } from '../member-list.ts';

/** SelfCommunity's acknowledgement of a legal page (one version) by one member. */
export const memberLegalAckSchema = z.object({
  id: z.number().int(),
  accepted_at: z.string().nullable(),
  not_accepted_at: z.string().nullable(),
  custom_page: z.number().int(),
  user: z.number().int(),
});
export type MemberLegalAck = z.infer<typeof memberLegalAckSchema>;

/** SelfCommunity's legal page: a custom page of type `legal`, one per version; `slug` is the policy. */
export const memberLegalPageSchema = z.object({
  id: z.number().int(),
  type: z.literal('legal'),
  slug: z.string(),
  title: z.string(),
  html_summary: z.string(),
  html_body: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  active: z.boolean(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
  /** The caller's acknowledgement of this version (null when none, or anonymous). */
  ack: memberLegalAckSchema.nullable(),
});
export type MemberLegalPage = z.infer<typeof memberLegalPageSchema>;

export const memberLegalQuerySchema = memberListQuerySchema.extend({
  search: z.string().max(200).optional(),
  valid_from: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  valid_to: z.iso
    .date()
    .or(z.iso.datetime({ offset: true }))
    .optional(),
  ordering: z.enum(['id', '-id', 'created_at', '-created_at', 'valid_from', '-valid_from']).optional(),
});
export type MemberLegalQuery = z.infer<typeof memberLegalQuerySchema>;

/**
 * `POST legal_page/{id}/ack/`: `accept` true/on/1 accepts, false/off/0 refuses — as a JSON boolean, a
 * form's word, or the number SelfCommunity's SDK sends (`ackLegalPage(id, 1)` posts `{accept: 1}`).
 */
export const memberLegalAckBodySchema = z.object({
  accept: z
    .union([
      z.boolean(),
      z.literal(1),
      z.literal(0),
      z.enum(['true', 'on', '1', 'false', 'off', '0', 'True', 'False']),
    ])
    .transform((v) => v === true || v === 1 || v === 'true' || v === 'on' || v === '1' || v === 'True'),
});
