import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';

/** The line under the sign-in and sign-up forms leading to the other one ("New here? Sign up"). */
export function OtherDoor({ sentence, to, label }: { sentence: string; to: string; label: string }) {
  return (
    <Typography variant="body2">
      <FormattedMessage
        id={sentence}
        values={{
          link: (
            <Link component={RouterLink} to={to}>
              <FormattedMessage id={label} />
            </Link>
          ),
        }}
      />
    </Typography>
  );
}
