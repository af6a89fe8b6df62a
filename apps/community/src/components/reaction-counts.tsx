import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useIntl } from 'react-intl';
import type { FeedObject } from '../site-api/site-shapes.ts';

export type ReactionCount = FeedObject['reactions_count'][number];

/**
 * How many members answered with each reaction, most used first: shown to everyone (a visitor sees
 * the counts and nothing to press). Each reaction's image carries its label for screen readers.
 */
export function ReactionCounts({ counts, small = false }: { counts: ReactionCount[]; small?: boolean }) {
  const intl = useIntl();
  const shown = counts.filter((entry) => entry.count > 0);
  if (shown.length === 0) return null;
  const size = small ? 18 : 22;
  return (
    <Box
      component="ul"
      aria-label={intl.formatMessage({ id: 'site.reaction.counts' })}
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}
    >
      {shown.map(({ reaction, count }) => (
        <Box
          component="li"
          key={reaction.id}
          title={reaction.label}
          data-reaction-count={count}
          sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <img src={reaction.image} alt={reaction.label} width={size} height={size} />
          <Typography component="span" variant={small ? 'caption' : 'body2'} color="text.secondary">
            {intl.formatNumber(count)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
