import { describe, expect, it } from 'vitest';
import { addressKind, sameAddress } from './address-ranges.ts';
import {
  checkOutboundHost,
  OutboundRefusedError,
  type HostLookup,
  type OutboundAllowance,
} from './outbound-host.ts';

/** A DNS table instead of the network: these names never reach a resolver, and nothing connects. */
function table(entries: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup: HostLookup = async (host) => {
    asked.push(host);
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked };
}

const CLOSED: OutboundAllowance = { allowPrivate: false, allowedHosts: [] };
const PRIVATE_OK: OutboundAllowance = { allowPrivate: true, allowedHosts: [] };

async function refusal(host: string, allowance = CLOSED, lookup?: HostLookup) {
  try {
    await checkOutboundHost(host, allowance, lookup);
  } catch (error) {
    if (error instanceof OutboundRefusedError) return error.kind;
    throw error;
  }
  return undefined;
}

describe('addressKind', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['0.0.0.0', 'unusable'],
    ['::', 'unusable'],
    ['10.20.30.40', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared'],
    ['100.127.255.255', 'shared'],
    ['169.254.1.1', 'link_local'],
    ['169.254.169.254', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['fc00::1', 'unique_local'],
    ['fd12:3456::1', 'unique_local'],
    ['fe80::1', 'link_local'],
    ['fe80::1%eth0', 'link_local'],
    ['ff02::1', 'unusable'],
    ['224.0.0.1', 'unusable'],
    ['255.255.255.255', 'unusable'],
    ['192.0.2.10', 'unusable'],
    // IPv4 inside IPv6: mapped (both spellings), translated, NAT64, 6to4, bracketed
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['[::ffff:10.0.0.1]', 'private'],
    ['::ffff:a9fe:a9fe', 'metadata'],
    ['0:0:0:0:0:ffff:c0a8:0101', 'private'],
    ['::ffff:0:10.0.0.1', 'private'],
    ['64:ff9b::a9fe:a9fe', 'metadata'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['2002:0a00:0001::1', 'private'],
    ['::127.0.0.1', 'unusable'],
    // public
    ['93.184.216.34', 'public'],
    ['172.32.0.1', 'public'],
    ['100.128.0.1', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['64:ff9b::5db8:d822', 'public'],
    ['not-an-ip', 'unusable'],
  ])('%s is %s', (address, kind) => {
    expect(addressKind(address)).toBe(kind);
  });

  it('compares two spellings of one address', () => {
    expect(sameAddress('::ffff:7f00:1', '127.0.0.1')).toBe(true);
    expect(sameAddress('[::1]', '0:0:0:0:0:0:0:1')).toBe(true);
    expect(sameAddress('10.0.0.1', '10.0.0.2')).toBe(false);
  });
});

describe('checkOutboundHost', () => {
  const dns = table({
    'internal.example': ['10.1.2.3'],
    'metadata.example': ['169.254.169.254'],
    'mapped.example': ['::ffff:169.254.169.254'],
    'cgnat.example': ['100.64.1.1'],
    'ula.example': ['fd00::25'],
    'mixed.example': ['93.184.216.34', '10.0.0.7'],
    'public.example': ['93.184.216.34', '2606:2800:220:1::1'],
    'localhost.example': ['127.0.0.1'],
  });

  it('refuses a name that resolves to a private, link-local, unique-local, CGNAT or metadata address', async () => {
    expect(await refusal('internal.example', CLOSED, dns.lookup)).toBe('private');
    expect(await refusal('metadata.example', CLOSED, dns.lookup)).toBe('metadata');
    expect(await refusal('mapped.example', CLOSED, dns.lookup)).toBe('metadata');
    expect(await refusal('cgnat.example', CLOSED, dns.lookup)).toBe('shared');
    expect(await refusal('ula.example', CLOSED, dns.lookup)).toBe('unique_local');
    expect(await refusal('localhost.example', CLOSED, dns.lookup)).toBe('loopback');
  });

  it('checks every address a name resolves to, not only the first', async () => {
    expect(await refusal('mixed.example', CLOSED, dns.lookup)).toBe('private');
  });

  it('refuses literal addresses without asking DNS', async () => {
    const before = dns.asked.length;
    expect(await refusal('10.0.0.1', CLOSED, dns.lookup)).toBe('private');
    expect(await refusal('[::1]', CLOSED, dns.lookup)).toBe('loopback');
    expect(await refusal('::ffff:127.0.0.1', CLOSED, dns.lookup)).toBe('loopback');
    expect(await refusal('0.0.0.0', PRIVATE_OK, dns.lookup)).toBe('unusable');
    expect(dns.asked.length).toBe(before);
  });

  it('answers the checked address to connect to (one lookup, the name kept for TLS)', async () => {
    const before = dns.asked.length;
    expect(await checkOutboundHost('public.example', CLOSED, dns.lookup)).toEqual({
      address: '93.184.216.34',
      servername: 'public.example',
    });
    expect(dns.asked.length).toBe(before + 1);
    expect(await checkOutboundHost('93.184.216.34', CLOSED, dns.lookup)).toEqual({
      address: '93.184.216.34',
      servername: undefined,
    });
  });

  it('lets the operator allow private networks, never metadata endpoints', async () => {
    expect(await checkOutboundHost('internal.example', PRIVATE_OK, dns.lookup)).toMatchObject({
      address: '10.1.2.3',
    });
    expect(await refusal('metadata.example', PRIVATE_OK, dns.lookup)).toBe('metadata');
    expect(await refusal('169.254.169.254', PRIVATE_OK, dns.lookup)).toBe('metadata');
  });

  it('lets the operator allow single hosts by name or address', async () => {
    const byName = { allowPrivate: false, allowedHosts: ['Internal.Example'] };
    expect(await checkOutboundHost('internal.example', byName, dns.lookup)).toMatchObject({
      address: '10.1.2.3',
    });
    expect(await refusal('cgnat.example', byName, dns.lookup)).toBe('shared');
    const byAddress = { allowPrivate: false, allowedHosts: ['10.1.2.3'] };
    expect(await checkOutboundHost('internal.example', byAddress, dns.lookup)).toMatchObject({
      address: '10.1.2.3',
    });
    expect(await refusal('mixed.example', byAddress, dns.lookup)).toBe('private');
  });

  it('refuses a name that does not resolve', async () => {
    expect(await refusal('nowhere.example', CLOSED, dns.lookup)).toBe('unresolved');
  });
});
