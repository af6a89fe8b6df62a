import { isIPv6 } from 'node:net';

/**
 * The address a sign-in is counted under. An IPv4 address (also when written IPv4-mapped, `::ffff:…`)
 * is itself; an IPv6 address counts as its /64 network, since one client usually holds a whole /64
 * and could otherwise take a fresh address for every guess.
 */
export function clientAddressKey(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped?.[1]) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const address = (ip.split('%')[0] ?? ip).toLowerCase();
  const [head = '', tail] = address.includes('::') ? address.split('::') : [address, undefined];
  const headGroups = head ? head.split(':') : [];
  const tailGroups = tail ? tail.split(':') : [];
  // A dotted IPv4 tail stands for two groups.
  const tailSize = tailGroups.length + (tailGroups.at(-1)?.includes('.') ? 1 : 0);
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailSize).fill('0'), ...tailGroups];
  const prefix = groups.slice(0, 4).map((g) => g.replace(/^0+(?=.)/, ''));
  return `${prefix.join(':')}::/64`;
}
