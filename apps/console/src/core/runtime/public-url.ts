/** The deployment's PUBLIC_URL, as the server writes it into the console page (meta agora-public-url). */
export function readPublicUrl(doc: Document): string | null {
  const content = doc.querySelector<HTMLMetaElement>('meta[name="agora-public-url"]')?.content.trim();
  return content ? content : null;
}

const isLoopback = (hostname: string) =>
  hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname);

/**
 * Whether links built from `publicUrl` lead back to the console opened at `origin`: same scheme,
 * host and port, where every loopback name stands for the same machine (a default PUBLIC_URL of
 * localhost serves a console opened at 127.0.0.1). Undefined when the public url cannot be read.
 */
export function publicUrlReaches(publicUrl: string, origin: string): boolean | undefined {
  let configured: URL;
  let current: URL;
  try {
    configured = new URL(publicUrl);
    current = new URL(origin);
  } catch {
    return undefined;
  }
  if (configured.protocol !== current.protocol || configured.port !== current.port) return false;
  if (configured.hostname === current.hostname) return true;
  return isLoopback(configured.hostname) && isLoopback(current.hostname);
}
