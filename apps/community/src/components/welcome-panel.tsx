import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { NO_PREFERENCES, preferenceText } from '../site-api/site-queries.ts';
import { useCommunityName } from './community-name.ts';

/**
 * A visitor's home while the community keeps its explore feed off: no contents to list, so the
 * community's slogans and the ways in (sign up, sign in, the categories).
 */
export function WelcomePanel() {
  const { queries } = useSite();
  const community = useCommunityName();
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  const slogans = ['application_slogan1', 'application_slogan2']
    .map((name) => preferenceText(preferences, name))
    .filter(Boolean);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        {slogans.length > 0 ? (
          slogans.map((slogan) => (
            <Typography key={slogan} color="text.secondary" sx={{ fontSize: '1.1rem' }}>
              {slogan}
            </Typography>
          ))
        ) : (
          <Typography color="text.secondary">
            <FormattedMessage id="site.welcome.body" values={{ community }} />
          </Typography>
        )}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
          <Button variant="contained" component={RouterLink} to="/signup">
            <FormattedMessage id="site.signUp" />
          </Button>
          <Button variant="outlined" component={RouterLink} to="/signin">
            <FormattedMessage id="site.signIn" />
          </Button>
          <Button component={RouterLink} to="/categories">
            <FormattedMessage id="site.welcome.categories" />
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
