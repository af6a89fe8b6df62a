import Alert from '@mui/material/Alert';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { useBlocked } from '../app/site-context.tsx';

/** A banned member reads the community but cannot write, and sees until when. */
export function BlockedBanner() {
  const blocked = useBlocked();
  if (!blocked) return null;
  return (
    <Alert severity="warning" role="status" sx={{ mb: 3 }}>
      {blocked.until ? (
        <FormattedMessage
          id="site.blocked.until"
          values={{ until: <FormattedDate value={blocked.until} dateStyle="long" timeStyle="short" /> }}
        />
      ) : (
        <FormattedMessage id="site.blocked.indefinitely" />
      )}
    </Alert>
  );
}
