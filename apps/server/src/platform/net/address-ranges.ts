import net from 'node:net';

/**
 * Which kind of network an IP address belongs to, for outbound connections the server makes on a
 * caller's behalf (SSRF guard). `public` is the only kind reachable without the operator's leave;
 * `metadata` (cloud instance metadata) and `unusable` (unspecified, multicast, broadcast, reserved,
 * documentation) stay refused even when private networks are allowed.
 */
export type AddressKind =
  'public' | 'loopback' | 'private' | 'link_local' | 'unique_local' | 'shared' | 'metadata' | 'unusable';

interface Range {
  bytes: number[];
  bits: number;
  kind: AddressKind;
}

function v4(cidr: string, kind: AddressKind): Range {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { bytes: ip.split('.').map(Number), bits: Number(bits), kind };
}

function v6(cidr: string, kind: AddressKind): Range {
  const [ip, bits] = cidr.split('/') as [string, string];
  return { bytes: ipv6Bytes(ip) as number[], bits: Number(bits), kind };
}

/** Checked first: single cloud metadata endpoints, refused whatever the allowance. */
const METADATA: Range[] = [
  v4('169.254.169.254/32', 'metadata'), // AWS, GCP, Azure, OpenStack…
  v4('169.254.170.2/32', 'metadata'), // AWS ECS task metadata
  v4('168.63.129.16/32', 'metadata'), // Azure wire server (a public address)
  v4('100.100.100.200/32', 'metadata'), // Alibaba Cloud
  v6('fd00:ec2::254/128', 'metadata'), // AWS over IPv6
];

const IPV4: Range[] = [
  v4('0.0.0.0/8', 'unusable'), // "this network": 0.0.0.0 reaches the local host on Linux
  v4('10.0.0.0/8', 'private'),
  v4('100.64.0.0/10', 'shared'), // carrier-grade NAT
  v4('127.0.0.0/8', 'loopback'),
  v4('169.254.0.0/16', 'link_local'),
  v4('172.16.0.0/12', 'private'),
  v4('192.0.0.0/24', 'unusable'), // IETF protocol assignments
  v4('192.0.2.0/24', 'unusable'), // documentation
  v4('192.88.99.0/24', 'unusable'), // 6to4 relay anycast (deprecated)
  v4('192.168.0.0/16', 'private'),
  v4('198.18.0.0/15', 'private'), // benchmarking, used inside networks
  v4('198.51.100.0/24', 'unusable'),
  v4('203.0.113.0/24', 'unusable'),
  v4('224.0.0.0/4', 'unusable'), // multicast
  v4('240.0.0.0/4', 'unusable'), // reserved and broadcast
];

const IPV6: Range[] = [
  v6('::/128', 'unusable'),
  v6('::1/128', 'loopback'),
  v6('::/96', 'unusable'), // IPv4-compatible (deprecated)
  v6('64:ff9b:1::/48', 'private'), // local-use NAT64
  v6('100::/64', 'unusable'), // discard
  v6('2001::/32', 'unusable'), // Teredo: the IPv4 behind it is hidden
  v6('2001:db8::/32', 'unusable'), // documentation
  v6('fc00::/7', 'unique_local'),
  v6('fe80::/10', 'link_local'),
  v6('fec0::/10', 'unique_local'), // site-local (deprecated)
  v6('ff00::/8', 'unusable'), // multicast
];

function matches(bytes: readonly number[], range: Range): boolean {
  if (bytes.length !== range.bytes.length) return false;
  let bits = range.bits;
  for (let i = 0; bits > 0; i += 1, bits -= 8) {
    const mask = bits >= 8 ? 0xff : (0xff << (8 - bits)) & 0xff;
    if (((bytes[i] as number) & mask) !== ((range.bytes[i] as number) & mask)) return false;
  }
  return true;
}

/** The 16 bytes of an IPv6 address (with an embedded dotted IPv4 tail), or undefined. */
export function ipv6Bytes(address: string): number[] | undefined {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (net.isIPv6(text) === false) return undefined;
  let head = text;
  const tail: number[] = [];
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted?.[1]) {
    tail.push(...dotted[1].split('.').map(Number));
    head = text.slice(0, -dotted[1].length);
    if (head.endsWith(':') && !head.endsWith('::')) head = head.slice(0, -1);
  }
  const words = (part: string) => (part === '' ? [] : part.split(':'));
  const [left = '', right] = head.split('::');
  const leftWords = words(left);
  const rightWords = right === undefined ? [] : words(right);
  const missing = 8 - tail.length / 2 - leftWords.length - rightWords.length;
  if (right === undefined && missing !== 0) return undefined;
  const all = [...leftWords, ...Array<string>(Math.max(0, missing)).fill('0'), ...rightWords];
  const bytes = all.flatMap((w) => {
    const n = parseInt(w, 16);
    return [n >> 8, n & 0xff];
  });
  bytes.push(...tail);
  return bytes.length === 16 ? bytes : undefined;
}

function classifyV4(bytes: number[]): AddressKind {
  for (const range of [...METADATA, ...IPV4]) if (matches(bytes, range)) return range.kind;
  return 'public';
}

/** The IPv4 address carried inside an IPv6 one (mapped, NAT64, 6to4), when there is one. */
function embeddedIpv4(bytes: number[]): number[] | undefined {
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((b) => b === 0);
  // ::ffff:a.b.c.d (IPv4-mapped) and ::ffff:0:a.b.c.d (IPv4-translated)
  if (zeros(0, 10) && bytes[10] === 0xff && bytes[11] === 0xff) return bytes.slice(12);
  if (zeros(0, 8) && bytes[8] === 0xff && bytes[9] === 0xff && zeros(10, 12)) return bytes.slice(12);
  // 64:ff9b::a.b.c.d (well-known NAT64 prefix)
  if (bytes[0] === 0 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(4, 12))
    return bytes.slice(12);
  // 2002:AABB:CCDD::/48 (6to4)
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return bytes.slice(2, 6);
  return undefined;
}

/** Classifies an IP address (IPv4, IPv6, IPv4 inside IPv6); anything that is not an IP is unusable. */
export function addressKind(address: string): AddressKind {
  const text = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return classifyV4(text.split('.').map(Number));
  const bytes = ipv6Bytes(text);
  if (!bytes) return 'unusable';
  const inner = embeddedIpv4(bytes);
  if (inner) return classifyV4(inner);
  for (const range of [...METADATA, ...IPV6]) if (matches(bytes, range)) return range.kind;
  return 'public';
}

/** Two spellings of one address compare equal (`::ffff:7f00:1` and `::ffff:127.0.0.1`). */
export function sameAddress(a: string, b: string): boolean {
  const bytesOf = (x: string) => {
    const t = x.replace(/^\[|\]$/g, '');
    if (net.isIPv4(t)) return t.split('.').map(Number);
    const bytes = ipv6Bytes(t);
    const inner = bytes && embeddedIpv4(bytes);
    return inner && bytes[0] === 0 ? inner : bytes;
  };
  const x = bytesOf(a);
  const y = bytesOf(b);
  return x !== undefined && y !== undefined && x.join('.') === y.join('.');
}
