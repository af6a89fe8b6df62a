import {
  checkOutboundHost,
  OutboundRefusedError,
  type CheckedHost,
  type HostLookup,
  type OutboundAllowance,
} from '../../platform/net/outbound-host.ts';

/** What a webhook may reach besides public addresses (AGORA_WEBHOOKS_ALLOW_PRIVATE). */
export function webhookAllowance(config: { webhooksAllowPrivate: boolean }): OutboundAllowance {
  return { allowPrivate: config.webhooksAllowPrivate, allowedHosts: [] };
}

/** A target URL parsed for sending: http(s), no user info, a host. */
export function parseTarget(target: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(target.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  return url;
}

/**
 * Resolves the target's host once and checks every address (the WHATWG parser has already turned
 * `0x7f000001` and friends into dotted form): the connection then goes to the checked address.
 * Throws OutboundRefusedError when the host is internal (unless allowed) or does not resolve.
 */
export async function checkTarget(
  url: URL,
  allowance: OutboundAllowance,
  lookup?: HostLookup,
): Promise<CheckedHost> {
  return checkOutboundHost(url.hostname, allowance, lookup);
}

export { OutboundRefusedError };
