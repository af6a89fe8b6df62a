import type { IntlShape } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

export const WEBHOOK_FIELDS = ['target', 'description', 'events'] as const;
export type WebhookField = (typeof WEBHOOK_FIELDS)[number];
const FIELD_ERROR: Record<WebhookField, string> = {
  target: 'webhooks.error.target',
  description: 'webhooks.error.description',
  events: 'webhooks.error.events',
};

/** The server's refusal of one field, in the admin's language. */
export function webhookFieldError(intl: IntlShape, error: unknown, field: WebhookField): string | null {
  const parsed = parsedErrorsOf(error);
  if (parsed?.fieldErrors[field] === undefined) return null;
  const code = parsed.fieldCodes[field];
  if (field === 'target' && code === 'webhook_target_refused')
    return intl.formatMessage({ id: 'webhooks.error.targetRefused' });
  return intl.formatMessage({ id: FIELD_ERROR[field] });
}

/** An error rate (0..1) as a percentage. */
export function percent(intl: IntlShape, rate: number): string {
  return intl.formatNumber(rate, { style: 'percent', maximumFractionDigits: 1 });
}
