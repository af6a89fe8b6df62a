import type { EmailQuota } from '@agora/contract';

/** The subject length the spec advises (mgmt §5: "email subject 40 to 60"); advice only, never enforced. */
export const SUBJECT_ADVICE = { min: 40, max: 60 } as const;

export function subjectInAdvice(subject: string): boolean {
  const length = subject.trim().length;
  return length >= SUBJECT_ADVICE.min && length <= SUBJECT_ADVICE.max;
}

/**
 * Whether the chosen users fit what the community may still send today (spec mgmt §5: "at least one
 * user; recipients limited to the remaining daily quota"). A community with its own server has no limit.
 */
export type RecipientsCheck = 'ok' | 'none' | 'overQuota';

export function checkRecipients(count: number, quota: EmailQuota | undefined): RecipientsCheck {
  if (count === 0) return 'none';
  if (quota && quota.remaining !== null && count > quota.remaining) return 'overQuota';
  return 'ok';
}
