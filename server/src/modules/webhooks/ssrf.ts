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
  ['::', 128],
  ['::1', 128],
  // (IPv4-mapped ::ffff:0:0/96 is judged by its IPv4 address: BlockList matches IPv4 rules for mapped addresses.)
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address is one a webhook may not reach (private, loopback, link-local, reserved). */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 6) {
    // An IPv4-mapped IPv6 address is judged as its IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
    if (mapped?.[1]) return blocked.check(mapped[1], 'ipv4');
    return blocked.check(address, 'ipv6');
  }
  return blocked.check(address, 'ipv4');
}

export class RefusedAddressError extends Error {
  constructor(readonly host: string) {
    super(`refused: ${host} resolves to a private, loopback or link-local address`);
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
    if (error) return callback(error, []);
    const list = addresses as LookupAddress[];
    if (!allowPrivate && (list.length === 0 || list.some((entry) => isPrivateAddress(entry.address))))
      return callback(new RefusedAddressError(hostname), []);
    if (options.all) return callback(null, list);
    const first = list[0] as LookupAddress;
    callback(null, first.address, first.family);
  });
}

/** Resolves a URL's host and answers why it may not be used ('private' or 'unresolved'), or undefined when it may. */
export async function checkWebhookHost(url: string): Promise<'private' | 'unresolved' | undefined> {
  const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  if (allowPrivate) return undefined;
  if (isIP(host)) return isPrivateAddress(host) ? 'private' : undefined;
  const addresses = await new Promise<LookupAddress[] | undefined>((resolve) =>
    dnsLookup(host, { all: true }, (error, found) => resolve(error ? undefined : found)),
  );
  if (!addresses || addresses.length === 0) return 'unresolved';
  return addresses.some((entry) => isPrivateAddress(entry.address)) ? 'private' : undefined;
}
