/** What a protected route hands /signin (router state): the path to come back to. */
export interface SigninRedirectState {
  from?: string;
}

/**
 * Where to go after signing in: only a same-origin relative path is accepted, so a crafted
 * link cannot send the user elsewhere.
 */
export function safeNextPath(candidate: unknown, origin: string, fallback = '/'): string {
  if (typeof candidate !== 'string' || !candidate.startsWith('/') || candidate.startsWith('//'))
    return fallback;
  if (candidate.includes('\\')) return fallback;
  try {
    const url = new URL(candidate, origin);
    if (url.origin !== origin) return fallback;
    if (url.pathname === '/signin') return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
