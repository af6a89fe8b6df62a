import en from '../../lang/en.json' with { type: 'json' };
import it from '../../lang/it.json' with { type: 'json' };

export const SITE_LOCALES = ['en', 'it'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

const MESSAGES: Record<SiteLocale, Record<string, string>> = { en, it };

export function siteMessages(locale: SiteLocale): Record<string, string> {
  return MESSAGES[locale];
}

/** The first of the browser's languages (Accept-Language) the site speaks; English otherwise. */
export function localeOfAcceptLanguage(header: string | undefined): SiteLocale {
  const ranked = (header ?? '')
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^q=([\d.]+)$/.exec(p.trim())?.[1]).find(Boolean);
      return { tag: tag.toLowerCase(), q: q === undefined ? 1 : Number(q) };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = tag.split('-')[0];
    if (language === 'it' || language === 'en') return language;
  }
  return 'en';
}
