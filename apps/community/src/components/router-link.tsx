import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { isCurrent } from '../app/route-match.ts';
import { useHref, useLocation, useNavigate } from '../app/site-router.tsx';

export interface RouterLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** A page of the site: its path inside the site, with a query if any (`/search?q=x`). */
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** Whether a click is the browser's to handle (a new tab or window, a download, another target). */
function leftToBrowser(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self')
  );
}

/**
 * A link to a page of the site: a real `<a href>` (it works without JavaScript and opens in a new
 * tab), which moves inside the site without a reload when simply clicked. MUI's links and buttons
 * take it as their `component`.
 */
export function RouterLink({ to, replace, onClick, target, ref, ...rest }: RouterLinkProps) {
  const href = useHref(to);
  const navigate = useNavigate();
  return (
    <a
      {...rest}
      ref={ref}
      href={href}
      target={target}
      onClick={(event) => {
        onClick?.(event);
        if (leftToBrowser(event, target)) return;
        event.preventDefault();
        navigate(to, { replace });
      }}
    />
  );
}

/** A navigation entry: marked `active` (and `aria-current="page"`) on its page and the pages under it. */
export function NavLink({ end, className, ...rest }: RouterLinkProps & { end?: boolean }) {
  const current = isCurrent(rest.to, useLocation().pathname, end);
  return (
    <RouterLink
      {...rest}
      className={[className, current ? 'active' : ''].filter(Boolean).join(' ') || undefined}
      aria-current={current ? 'page' : undefined}
    />
  );
}
