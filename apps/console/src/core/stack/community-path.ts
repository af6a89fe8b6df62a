/**
 * The path of a community's internal url, to be called on the origin the console was loaded from:
 * the server builds internal urls from PUBLIC_URL, which shapes absolute links only (emails, OAuth
 * redirects); the console's own calls stay on its origin, the only one its CSP allows ('self').
 */
export function communityPath(internalUrl: string): string {
  const path = new URL(internalUrl, window.location.origin).pathname;
  return path.replace(/\/+$/, '');
}
