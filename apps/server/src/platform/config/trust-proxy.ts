import { isIP } from 'node:net';
import { z } from 'zod';

/**
 * Whose forwarded headers (X-Forwarded-For/-Proto/-Host) are believed, as Fastify's `trustProxy`
 * takes it: nobody (`false`, the default: the socket's address is the client), the nearest N hops, or
 * the proxies at these addresses/CIDRs (or proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isAddressOrCidr(entry: string): boolean {
  if (NAMED_RANGES.has(entry)) return true;
  const [address, bits, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const family = isIP(address);
  if (family === 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/** `AGORA_TRUST_PROXY`: a hop count (1–10) or comma-separated addresses/CIDRs. */
export const trustProxyRule = z.string().transform((raw, ctx): TrustProxy => {
  const value = raw.trim();
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
    ctx.addIssue({ code: 'custom', message: 'must be a hop count from 1 to 10, or addresses/CIDRs' });
    return z.NEVER;
  }
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  const bad = entries.find((e) => !isAddressOrCidr(e));
  if (entries.length === 0 || bad !== undefined) {
    ctx.addIssue({
      code: 'custom',
      message: `must be a hop count or comma-separated IP addresses/CIDRs${bad ? ` ("${bad}" is neither)` : ''}`,
    });
    return z.NEVER;
  }
  return entries;
});

/**
 * Fastify's `trustProxy` option for it. A hop count trusts the nearest N addresses of the chain (the
 * socket's peer first) — right only when every request really passes through N proxies; Fastify
 * itself reads a bare number as "trust nobody", hence the function.
 */
export function trustProxyOption(
  tp: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp === 'number') return (_address, hop) => hop < tp;
  return tp;
}
