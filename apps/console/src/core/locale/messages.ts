import type { Locale } from '@agora/contract';

/**
 * Every message file of the console: `lang/en.json` + `lang/it.json` (the shell) and one pair per
 * area, `lang/<area>.en.json` + `lang/<area>.it.json`, merged into one catalogue per locale.
 */
const files = import.meta.glob<Record<string, string>>('../../../lang/*.json', {
  eager: true,
  import: 'default',
});

function catalogue(locale: Locale): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const [path, messages] of Object.entries(files)) {
    const name = path.split('/').pop() ?? '';
    if (name === `${locale}.json` || name.endsWith(`.${locale}.json`)) Object.assign(merged, messages);
  }
  return merged;
}

export const MESSAGES: Record<Locale, Record<string, string>> = { en: catalogue('en'), it: catalogue('it') };
