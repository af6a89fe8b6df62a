import type { LegalPolicy } from '@agora/contract';

/** The message id naming each legal policy. */
export const POLICY_LABEL_IDS: Record<LegalPolicy, string> = {
  tec: 'pages.policy.tec',
  privacy: 'pages.policy.privacy',
  cookies: 'pages.policy.cookies',
};
