import Link from '@mui/material/Link';
import { FormattedMessage } from 'react-intl';

/** The id of the signed-in frame's main region, where the skip link leads. */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * "Skip to main content": the first thing a keyboard reaches, hidden until it has focus, so that
 * keyboard and screen-reader users need not pass the top bar and the menu on every screen.
 */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      data-testid="skip-link"
      onClick={(event) => {
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'absolute',
        left: 8,
        top: -48,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        borderRadius: 1,
        boxShadow: 3,
        '&:focus': { top: 8 },
      }}
    >
      <FormattedMessage id="layout.skipToContent" />
    </Link>
  );
}
