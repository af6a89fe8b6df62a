/** The address of the conversation with a member on the site: `/messages/{username}`. */
export function messagePath(username: string): string {
  return `/messages/${encodeURIComponent(username)}`;
}
