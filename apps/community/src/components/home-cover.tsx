import Box from '@mui/material/Box';
import { useQuery } from '@tanstack/react-query';
import { useIntl } from 'react-intl';
import { coverSrcSet } from '@agora/contract';
import { useSite } from '../app/site-context.tsx';
import { NO_PREFERENCES, preferenceText } from '../site-api/site-queries.ts';

const COVERS = ['cover_1_hp_m1920', 'cover_2_hp_m1920', 'cover_3_hp_m1920', 'cover_4_hp_m1920'];

/**
 * The home page's covers from the console's theme (up to four, shown unless `covers_visibility` is 0):
 * side by side in a strip that scrolls and snaps one cover at a time, each in its responsive variants
 * (480 to 1280 px wide) so a phone never loads the desktop's image. Decorative: no alt text.
 */
export function HomeCover() {
  const { queries } = useSite();
  const intl = useIntl();
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  if (preferenceText(preferences, 'covers_visibility') === '0') return null;
  const covers = COVERS.map((name) => preferenceText(preferences, name)).filter(Boolean);
  if (covers.length === 0) return null;
  // Several covers scroll: the strip then takes the focus, so a keyboard scrolls it too.
  const scrolls = covers.length > 1;
  return (
    <Box
      {...(scrolls
        ? { tabIndex: 0, role: 'region', 'aria-label': intl.formatMessage({ id: 'site.cover.label' }) }
        : {})}
      sx={{
        display: 'flex',
        overflowX: 'auto',
        scrollSnapType: 'x mandatory',
        gap: 1,
        mb: 3,
        borderRadius: 1,
      }}
    >
      {covers.map((url) => (
        <Box
          key={url}
          component="img"
          src={url}
          srcSet={coverSrcSet(url) || undefined}
          sizes="(max-width: 900px) 100vw, 900px"
          alt=""
          sx={{
            flex: '0 0 100%',
            width: '100%',
            aspectRatio: '16 / 5',
            objectFit: 'cover',
            scrollSnapAlign: 'start',
            borderRadius: 1,
          }}
        />
      ))}
    </Box>
  );
}
