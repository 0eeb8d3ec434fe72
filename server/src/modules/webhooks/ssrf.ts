import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Webhook URLs must reach public addresses: a private, loopback, link-local (cloud metadata), CGNAT, multicast or
 * reserved address is refused, when the endpoint is added and again at every connection (the lookup below runs
 * when the socket connects, so a name that later resolves to a private address is refused too).
 * TRANCHE_WEBHOOK_ALLOW_PRIVATE=1 lets tests and local development deliver to localhost; a production server
 * (NODE_ENV=production) refuses to start with it, like TRANCHE_CRASH_AT.
 */
const allowPrivate = process.env.TRANCHE_WEBHOOK_ALLOW_PRIVATE === '1';
if (allowPrivate && process.env.NODE_ENV === 'production') {
  throw new Error(
    'TRANCHE_WEBHOOK_ALLOW_PRIVATE is a test hook: a production server refuses to start with it',
  );
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 3],
] as const)
  blocked.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  // (IPv4-compatible ::/96, with :: and ::1, is refused whole and IPv4-mapped ::ffff:0:0/96, IPv4-translated
  // ::ffff:0:0:0/96 and 6to4 2002::/16 are judged by their IPv4 address: see isPrivateAddress.)
  // NAT64 (well-known and local-use prefixes) reaches any IPv4 address, private ones included.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  // Teredo: the server's IPv4 address rides in bits 32-63.
  ['2001::', 32],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** The eight 16-bit groups of a valid IPv6 address (a trailing dotted IPv4 part and a zone allowed). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const parse = (part: string) =>
    part === '' ? [] : part.split(':').map((group) => Number.parseInt(group, 16));
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back];
}

const ipv4Of = (high: number, low: number) => `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;

/**
 * Whether an IP address is one a webhook may not reach (private, loopback, link-local, reserved). An IPv6 form that
 * carries an IPv4 address is judged by it (IPv4-mapped, IPv4-translated, 6to4); the deprecated IPv4-compatible
 * ::/96 is refused whole.
 */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const g = ipv6Groups(address);
  const zeros = (from: number, to: number) => g.slice(from, to).every((group) => group === 0);
  const [g1 = 0, g2 = 0, g6 = 0, g7 = 0] = [g[1], g[2], g[6], g[7]];
  if (zeros(0, 5) && g[5] === 0xffff) return blocked.check(ipv4Of(g6, g7), 'ipv4');
  if (zeros(0, 6)) return true;
  if (zeros(0, 4) && g[4] === 0xffff && g[5] === 0) return blocked.check(ipv4Of(g6, g7), 'ipv4');
  if (g[0] === 0x2002) return blocked.check(ipv4Of(g1, g2), 'ipv4');
  return blocked.check(address, 'ipv6');
}

/**
 * A host a webhook may not reach. One text whether it resolves to a private address or does not resolve at all, so
 * that neither the endpoint form nor the delivery log tells which internal names exist.
 */
export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} is not a public address that resolves`);
    this.name = 'RefusedAddressError';
  }
}

/** Whether private addresses are allowed (the test hook above). */
export const privateAddressesAllowed = () => allowPrivate;

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for http.request that refuses private addresses: the check happens on the address the socket
 * connects to, not on an earlier resolution (no DNS rebinding).
 */
export function guardedLookup(hostname: string, options: { all?: boolean }, callback: LookupCallback): void {
  dnsLookup(hostname, { all: true }, (error, addresses) => {
    if (error) return callback(allowPrivate ? error : new RefusedAddressError(hostname), []);
    const list = addresses as LookupAddress[];
    if (!allowPrivate && (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))))
      return callback(new RefusedAddressError(hostname), []);
    if (options.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

/**
 * Whether a URL's host may be used: false when it is, or resolves to, an address a webhook may not reach, and
 * equally when it does not resolve (one answer for both: no oracle for internal names).
 */
export async function isPublicWebhookHost(url: string): Promise<boolean> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return true;
  if (isIP(host)) return !isPrivateAddress(host);
  const addresses = await new Promise<LookupAddress[] | undefined>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? undefined : found)),
  );
  return !!addresses && addresses.length > 0 && !addresses.some((entry) => isPrivateAddress(entry.address));
}
