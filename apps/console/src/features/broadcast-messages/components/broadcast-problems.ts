import type { BroadcastProblem } from '@agora/contract';
import { isHttpError } from '../../../core/http/http-error.ts';

/** The message id of a field problem (rules: the contract's `checkBroadcastInput`, and the server's). */
export function broadcastProblemMessageId(field: string, code: string): string {
  if (code === 'permission_denied') return 'broadcast.error.addressing';
  if (code === 'max_length') return 'broadcast.error.tooLong';
  switch (field) {
    case 'link':
      return code === 'required' ? 'broadcast.error.linkRequired' : 'broadcast.error.invalidLink';
    case 'audience_tags':
      return code === 'required' ? 'broadcast.error.tagsRequired' : 'broadcast.error.unknownTag';
    case 'audience_users':
      return code === 'required' ? 'broadcast.error.usersRequired' : 'broadcast.error.unknownUser';
    case 'scheduled_at':
      return 'broadcast.error.scheduleInPast';
    case 'image':
    case 'file':
      return code === 'image_too_large' ? 'broadcast.error.imageTooLarge' : 'broadcast.error.image';
    case 'status':
      return 'broadcast.error.alreadySent';
    default:
      return 'broadcast.error.required';
  }
}

export function problemMessages(problems: BroadcastProblem[]): Record<string, string> {
  return Object.fromEntries(problems.map((p) => [p.field, broadcastProblemMessageId(p.field, p.code)]));
}

/** Field → message id of a server refusal; `general` when it names no field we show. */
export function serverMessages(error: Error, general: string): Record<string, string> {
  const fieldCodes = isHttpError(error) ? error.parsed.fieldCodes : {};
  const next: Record<string, string> = {};
  for (const [field, code] of Object.entries(fieldCodes))
    next[field] = broadcastProblemMessageId(field, code);
  if (next.status) return { general: next.status };
  return Object.keys(next).length > 0 ? next : { general };
}
