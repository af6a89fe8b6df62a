import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { useCanSendEmail } from '../api/mail-sending-api.ts';

/**
 * Said where a screen would otherwise promise an email while the community has no mail server (its
 * own nor the deployment's): what happens instead (`messageId`), and, for an admin, the way to the
 * mail-server settings. Nothing is shown while it is unknown or when email can be sent.
 */
export function NoMailNotice({ messageId }: { messageId: string }) {
  const canSend = useCanSendEmail();
  const isAdmin = useStackStore((state) => state.selected?.roles.includes('admin') ?? false);
  if (canSend !== false) return null;
  return (
    <Alert severity="info" data-testid="no-mail-notice">
      <FormattedMessage id={messageId} />{' '}
      {isAdmin && (
        <Link component={RouterLink} to="/settings/email_server">
          <FormattedMessage id="serverSettings.noMail.setUp" />
        </Link>
      )}
    </Alert>
  );
}
