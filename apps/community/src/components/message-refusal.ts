import { PRIVATE_MESSAGE_MESSAGES } from '@agora/contract';

const WORDED: Record<string, string> = {
  [PRIVATE_MESSAGE_MESSAGES.toSelf]: 'site.messages.refused.self',
  [PRIVATE_MESSAGE_MESSAGES.hidden]: 'site.messages.refused.hidden',
  [PRIVATE_MESSAGE_MESSAGES.unavailable]: 'site.messages.refused.unavailable',
  [PRIVATE_MESSAGE_MESSAGES.empty]: 'site.messages.refused.empty',
  [PRIVATE_MESSAGE_MESSAGES.tooLong]: 'site.messages.refused.tooLong',
  [PRIVATE_MESSAGE_MESSAGES.disabled]: 'site.messages.refused.disabled',
  [PRIVATE_MESSAGE_MESSAGES.notSender]: 'site.messages.refused.notSender',
};

/** The message id wording a refused private-message call in the page's language. */
export function messageRefusalId(error: unknown): string {
  const body = (error as { body?: { errors?: { code?: string; message?: string }[] } } | null)?.body;
  const first = body?.errors?.[0];
  if (first?.code === 'account_blocked') return 'site.messages.refused.blocked';
  return (first?.message && WORDED[first.message]) || 'site.messages.refused.other';
}
