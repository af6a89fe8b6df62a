import type { ReactionSentiment } from '@agora/contract';
import type { IntlShape } from 'react-intl';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';

export const SENTIMENT_MESSAGE: Record<ReactionSentiment, string> = {
  1: 'reactions.sentiment.positive',
  0: 'reactions.sentiment.neutral',
  [-1]: 'reactions.sentiment.negative',
};

/** The server's refusals by field and code, worded in the admin's language. */
const FIELD_MESSAGES: Record<string, Record<string, string>> = {
  label: {
    unique: 'reactions.error.labelUnique',
    invalid: 'reactions.error.label',
    required: 'reactions.error.label',
  },
  image: {
    required: 'reactions.error.imageRequired',
    invalid_image_format: 'reactions.error.image',
    image_too_large: 'reactions.error.imageTooLarge',
  },
  active: {
    default_reaction_inactive: 'reactions.error.defaultInactive',
    invalid: 'reactions.error.setDefaultInactive',
  },
  sentiment: { invalid: 'reactions.error.sentiment' },
};

/** The message of one field of a failed call, or null. */
export function reactionFieldError(intl: IntlShape, error: unknown, field: string): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  const id = FIELD_MESSAGES[field]?.[parsed?.fieldCodes[field] ?? ''];
  return id ? intl.formatMessage({ id }) : message;
}

/** One line for a failed save: the first field's message, else the area's update error. */
export function reactionErrorText(intl: IntlShape, error: unknown): string {
  for (const field of Object.keys(FIELD_MESSAGES)) {
    const text = reactionFieldError(intl, error, field);
    if (text) return text;
  }
  return intl.formatMessage({ id: 'reactions.error.update' });
}
