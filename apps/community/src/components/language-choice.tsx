import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useIntl } from 'react-intl';
import { useSession, useSite } from '../app/site-context.tsx';
import { SITE_LOCALES, type SiteLocale } from '../app/site-locale.ts';

/** The cookie the server reads before the browser's languages (see the server's site-language.ts). */
const LANGUAGE_COOKIE = 'agora_lang';
const LANGUAGE_NAMES: Record<SiteLocale, string> = { en: 'English', it: 'Italiano' };

function keepLanguage(base: string, language: SiteLocale): void {
  document.cookie = `${LANGUAGE_COOKIE}=${language}; path=${base || '/'}; max-age=31536000; samesite=lax`;
}

/**
 * The footer's language choice, and the member's own language applied: a member whose language is
 * not the page's gets the page again in theirs (once; the choice is then kept in a cookie the server
 * reads). Choosing here also becomes the signed-in member's language, so their emails follow.
 */
export function LanguageChoice() {
  const site = useSite();
  const intl = useIntl();
  const session = useSession();
  const me = useQuery({ ...site.queries.me(), enabled: session !== null });
  const [busy, setBusy] = useState(false);
  const own = me.data?.language;

  useEffect(() => {
    // Once per tab and language: without cookies the page would otherwise reload for ever.
    if (own && own !== site.locale && sessionStorage.getItem(LANGUAGE_COOKIE) !== own) {
      sessionStorage.setItem(LANGUAGE_COOKIE, own);
      keepLanguage(site.base, own);
      window.location.reload();
    }
  }, [own, site.base, site.locale]);

  async function choose(language: SiteLocale) {
    setBusy(true);
    try {
      if (me.data) await site.call(`user/${me.data.id}/`, { method: 'PATCH', body: { language } });
    } catch {
      // The page still changes language; the member's stored language stays as it was.
    }
    keepLanguage(site.base, language);
    window.location.reload();
  }

  return (
    <Stack
      component="nav"
      aria-label={intl.formatMessage({ id: 'site.language.label' })}
      direction="row"
      spacing={1}
    >
      {SITE_LOCALES.map((language) => (
        <Button
          key={language}
          size="small"
          lang={language}
          disabled={busy}
          aria-current={language === site.locale ? 'true' : undefined}
          variant={language === site.locale ? 'outlined' : 'text'}
          onClick={language === site.locale ? undefined : () => void choose(language)}
          sx={{ textTransform: 'none', minWidth: 0 }}
        >
          {LANGUAGE_NAMES[language]}
        </Button>
      ))}
    </Stack>
  );
}
