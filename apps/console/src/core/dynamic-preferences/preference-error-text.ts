import { DynamicPreferencesErrorCode, ErrorCode } from '@agora/contract';
import type { IntlShape } from 'react-intl';
import { messageIdOf, type ErrorCodeMessages } from '../http/error-text.ts';
import type { PreferenceError } from './dynamic-preference-state.ts';

/** Message ids for the codes the contract's checks and the server give. */
const CODE_MESSAGES: ErrorCodeMessages = {
  [DynamicPreferencesErrorCode.invalidUrl]: 'settings.error.invalidUrl',
  [DynamicPreferencesErrorCode.urlPlaceholder]: 'settings.error.urlPlaceholder',
  [ErrorCode.maxLength]: 'settings.error.maxLength',
  [DynamicPreferencesErrorCode.invalidColor]: 'settings.error.invalidColor',
  [DynamicPreferencesErrorCode.unsafeHtml]: 'settings.error.unsafeHtml',
  [ErrorCode.required]: 'common.requiredError',
};

/** The translated text of a preference problem; the server's message when the code is unknown. */
export function preferenceErrorText(intl: IntlShape, error: PreferenceError | undefined): string | undefined {
  if (!error) return undefined;
  const id = messageIdOf(CODE_MESSAGES, error.code);
  if (!id) return error.message;
  return intl.formatMessage({ id }, { placeholder: '{id}', max: '', ...error.params });
}
