import type { IntlShape } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

export const PROMO_FIELDS = ['name', 'code', 'tags', 'valid_from', 'valid_to'] as const;
export type PromoField = (typeof PROMO_FIELDS)[number];
const FIELD_ERROR: Record<PromoField, string> = {
  name: 'promoCodes.error.name',
  code: 'promoCodes.error.code',
  tags: 'promoCodes.error.tags',
  valid_from: 'promoCodes.error.valid_from',
  valid_to: 'promoCodes.error.valid_to',
};

/** The server's refusal of one field, worded in the admin's language (its own words otherwise). */
export function promoFieldError(intl: IntlShape, error: unknown, field: PromoField): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  const code = parsed?.fieldCodes[field];
  if (field === 'code' && code === 'unique') return intl.formatMessage({ id: 'promoCodes.error.unique' });
  if (field === 'valid_to' && /after/.test(message))
    return intl.formatMessage({ id: 'promoCodes.error.order' });
  return intl.formatMessage({ id: FIELD_ERROR[field] });
}
