export const SITE_LOCALES = ['en', 'it'] as const;
export type SiteLocale = (typeof SITE_LOCALES)[number];

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
