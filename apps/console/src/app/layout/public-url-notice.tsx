import Alert from '@mui/material/Alert';
import { FormattedMessage } from 'react-intl';
import { publicUrlReaches, readPublicUrl } from '../../core/runtime/public-url.ts';

/**
 * One notice when the console is open at an address the deployment's PUBLIC_URL does not lead to:
 * the console works wherever it is served, but the links the server builds (emails, invitations,
 * OAuth redirect addresses) point to PUBLIC_URL.
 */
export function PublicUrlNotice() {
  const publicUrl = readPublicUrl(document);
  const here = window.location.origin;
  if (!publicUrl || publicUrlReaches(publicUrl, here) !== false) return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="public-url-notice">
      <FormattedMessage
        id="layout.publicUrlMismatch"
        values={{ here, publicUrl, b: (chunks) => <strong>{chunks}</strong> }}
      />
    </Alert>
  );
}
