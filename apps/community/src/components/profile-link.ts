/** A member's profile address on the site: `/u/{username}`. */
export function profilePath(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}
