import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { NavLink } from './router-link.tsx';

/** Whether a menu address leaves the site (another origin), rather than naming one of its pages. */
export function isExternal(url: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//');
}

/** Only web and mail addresses are followed; anything else (javascript:, data:) is not a link. */
function safeExternal(url: string): string | undefined {
  return /^(https?:|mailto:)/i.test(url) ? url : undefined;
}

/** A navbar entry of a custom menu: a page of the site, or another site in a new tab. */
export function MenuButton({ url, children, end }: { url: string; children: ReactNode; end?: boolean }) {
  const sx = {
    textTransform: 'none',
    '&.active': { textDecoration: 'underline', textUnderlineOffset: 6 },
  } as const;
  if (isExternal(url)) {
    const href = safeExternal(url);
    return href ? (
      <Button color="inherit" href={href} target="_blank" rel="noopener noreferrer" sx={sx}>
        {children}
      </Button>
    ) : null;
  }
  return (
    <Button component={NavLink} to={url} end={end} color="inherit" sx={sx}>
      {children}
    </Button>
  );
}

/** A footer entry of a custom menu. */
export function MenuLink({ url, children }: { url: string; children: ReactNode }) {
  if (isExternal(url)) {
    const href = safeExternal(url);
    return href ? (
      <Link href={href} target="_blank" rel="noopener noreferrer" color="text.secondary" variant="body2">
        {children}
      </Link>
    ) : null;
  }
  return (
    <Link component={NavLink} to={url} color="text.secondary" variant="body2">
      {children}
    </Link>
  );
}
