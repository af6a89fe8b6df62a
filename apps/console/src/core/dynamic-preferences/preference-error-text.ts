import type { IntlShape } from 'react-intl';
import type { PreferenceError } from './dynamic-preference-state.ts';

/** Message ids for the codes the contract's checks and the server give. */
const CODE_MESSAGES: Record<string, string> = {
  invalid_url: 'settings.error.invalidUrl',
  url_placeholder: 'settings.error.urlPlaceholder',
  max_length: 'settings.error.maxLength',
  invalid_color: 'settings.error.invalidColor',
  unsafe_html: 'settings.error.unsafeHtml',
  required: 'common.requiredError',
};

/** The translated text of a preference problem; the server's message when the code is unknown. */
export function preferenceErrorText(intl: IntlShape, error: PreferenceError | undefined): string | undefined {
  if (!error) return undefined;
  const id = CODE_MESSAGES[error.code];
  if (!id) return error.message;
  return intl.formatMessage({ id }, { placeholder: '{id}', max: '', ...error.params });
}
