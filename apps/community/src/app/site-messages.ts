import en from '../../lang/en.json' with { type: 'json' };
import it from '../../lang/it.json' with { type: 'json' };
import type { SiteLocale } from './site-locale.ts';

/**
 * The site's messages in each language. Only the server reads them: a page carries its own
 * language's messages in its data block, so the browser's JavaScript holds none (issue 18 §4).
 */
const MESSAGES: Record<SiteLocale, Record<string, string>> = { en, it };

export function siteMessages(locale: SiteLocale): Record<string, string> {
  return MESSAGES[locale];
}
