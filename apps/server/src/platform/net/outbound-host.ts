import dns from 'node:dns';
import net from 'node:net';
import { addressKind, sameAddress, type AddressKind } from './address-ranges.ts';

/** What the operator lets callers reach besides public addresses (AGORA_SMTP_ALLOW_PRIVATE / _HOSTS). */
export interface OutboundAllowance {
  /** Loopback, private, link-local, unique-local and CGNAT addresses (never metadata or unusable ones). */
  allowPrivate: boolean;
  /** Host names (as typed) or IP addresses reachable whatever they resolve to. */
  allowedHosts: readonly string[];
}

export type HostLookup = (host: string) => Promise<Array<{ address: string; family: number }>>;

const systemLookup: HostLookup = (host) => dns.promises.lookup(host, { all: true, verbatim: true });

/** A destination checked once: connect to `address`; `servername` is the name for TLS (SNI, certificate). */
export interface CheckedHost {
  address: string;
  servername: string | undefined;
}

/** Refused before any connection; `kind` says why (logged, never the resolved addresses to the caller). */
export class OutboundRefusedError extends Error {
  constructor(
    readonly host: string,
    readonly kind: AddressKind | 'unresolved',
  ) {
    super(
      kind === 'unresolved'
        ? `The host ${host} could not be resolved.`
        : `The host ${host} is on a network this server may not connect to.`,
    );
    this.name = 'OutboundRefusedError';
  }
}

const PRIVATE_KINDS: ReadonlySet<AddressKind> = new Set([
  'loopback',
  'private',
  'link_local',
  'unique_local',
  'shared',
]);

function allowedAddress(address: string, allowance: OutboundAllowance): AddressKind | undefined {
  if (allowance.allowedHosts.some((h) => net.isIP(h.replace(/^\[|\]$/g, '')) && sameAddress(h, address)))
    return undefined;
  const kind = addressKind(address);
  if (kind === 'public') return undefined;
  if (allowance.allowPrivate && PRIVATE_KINDS.has(kind)) return undefined;
  return kind;
}

/**
 * Resolves `host` once and checks every address it resolves to; the caller connects to the returned
 * address (never to the name again), so a second DNS answer cannot point the connection elsewhere.
 * A name listed in `allowedHosts` skips the address check.
 */
export async function checkOutboundHost(
  host: string,
  allowance: OutboundAllowance,
  lookup: HostLookup = systemLookup,
): Promise<CheckedHost> {
  const bare = host.trim().replace(/^\[|\]$/g, '');
  const literal = net.isIP(bare) !== 0;
  let addresses: string[];
  if (literal) addresses = [bare];
  else {
    try {
      addresses = (await lookup(bare)).map((a) => a.address);
    } catch {
      throw new OutboundRefusedError(bare, 'unresolved');
    }
    if (addresses.length === 0) throw new OutboundRefusedError(bare, 'unresolved');
  }
  const nameAllowed = !literal && allowance.allowedHosts.some((h) => h.toLowerCase() === bare.toLowerCase());
  if (!nameAllowed) {
    for (const address of addresses) {
      const refused = allowedAddress(address, allowance);
      if (refused) throw new OutboundRefusedError(bare, refused);
    }
  }
  return { address: addresses[0] as string, servername: literal ? undefined : bare };
}
