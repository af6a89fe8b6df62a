import { z } from 'zod';
import { memberTagSchema } from '../member-people/member-people-schemas.ts';

/**
 * Member API `invite_code/{code}/` (SelfCommunity's invite object, reference A10 "Invite codes"): no
 * authentication, the code itself is the secret. A used code answers 400, an unknown one 404.
 */
export const memberInviteSchema = z.object({
  id: z.number().int(),
  invited_by_username: z.string().nullable(),
  role: z.string().nullable(),
  tags: z.array(memberTagSchema),
  name: z.string(),
  email: z.string(),
  code: z.string(),
  generated_at: z.string(),
  sent_at: z.string().nullable(),
  used_at: z.string().nullable(),
  invited_by: z.number().int().nullable(),
  user: z.null().describe('The member who used it: always null here, a used code is refused'),
  forced_username: z.string(),
  extra_data: z.record(z.string(), z.unknown()),
});
export type MemberInvite = z.infer<typeof memberInviteSchema>;

export const inviteCodeParamsSchema = z.object({ code: z.string().min(1).max(100) });
