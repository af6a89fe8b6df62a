/**
 * Which of the site's routes an address names (ADR 0042). Patterns are the route table's own:
 * static segments, `:name` parameters, a trailing optional `:name?`, and `*` for every other address.
 * When several patterns fit, the most specific wins (a static segment over a parameter, a parameter
 * over an optional one, anything over `*`), whatever the table's order.
 */

export type RouteParams = Record<string, string | undefined>;

export interface RouteMatch<R> {
  route: R;
  params: RouteParams;
}

const SPLAT = '*';

function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((segment) => segment !== '');
}

function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The pattern's parameters for `segments`, with its specificity, or null when it does not fit. */
function fit(pattern: string, segments: string[]): { params: RouteParams; score: number } | null {
  if (pattern === SPLAT) return { params: { [SPLAT]: segments.join('/') }, score: 0 };
  const parts = segmentsOf(pattern);
  const required = parts.filter((part) => !part.endsWith('?')).length;
  if (segments.length < required || segments.length > parts.length) return null;
  const params: RouteParams = {};
  let score = 1;
  for (const [index, part] of parts.entries()) {
    const segment = segments[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      params[name] = segment === undefined ? undefined : decoded(segment);
      score += optional ? 1 : 2;
    } else {
      if (segment === undefined || decoded(segment).toLowerCase() !== part.toLowerCase()) return null;
      score += 3;
    }
  }
  return { params, score };
}

/** The route `pathname` names (the path inside the site, without its base), or null. */
export function matchRoute<R extends { path: string }>(
  routes: readonly R[],
  pathname: string,
): RouteMatch<R> | null {
  const segments = segmentsOf(pathname);
  let best: (RouteMatch<R> & { score: number }) | null = null;
  for (const route of routes) {
    const found = fit(route.path, segments);
    if (found && (!best || found.score > best.score)) best = { route, ...found };
  }
  return best && { route: best.route, params: best.params };
}

/** Whether a link to `to` stands for the page at `pathname` (the same page, or one under it). */
export function isCurrent(to: string, pathname: string, end = false): boolean {
  const target = (to.split(/[?#]/)[0] ?? '').replace(/\/+$/, '') || '/';
  const here = pathname.replace(/\/+$/, '') || '/';
  if (here.toLowerCase() === target.toLowerCase()) return true;
  // The home is current only at the home, as `end` asks of any other link.
  if (end || target === '/') return false;
  return here.toLowerCase().startsWith(`${target.toLowerCase()}/`);
}
