import { parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../../lang/en.json' with { type: 'json' };
import it from '../../lang/it.json' with { type: 'json' };
import type { SiteLocale } from './site-locale.ts';

/** A language's messages, parsed into react-intl's message AST. */
export type SiteMessages = Record<string, MessageFormatElement[]>;

const parsed = (messages: Record<string, string>): SiteMessages =>
  Object.fromEntries(Object.entries(messages).map(([key, message]) => [key, parse(message)]));

/**
 * The site's messages in each language, parsed once. Only the server reads them: a page carries its
 * own language's messages in its data block, already parsed, so the browser's JavaScript holds
 * neither the messages nor the ICU parser (issue 18 §4).
 */
const MESSAGES: Record<SiteLocale, SiteMessages> = { en: parsed(en), it: parsed(it) };

export function siteMessages(locale: SiteLocale): SiteMessages {
  return MESSAGES[locale];
}
