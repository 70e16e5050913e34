import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses an outgoing webhook must never reach in production (SSRF): this host and its
 * network, the provider's metadata service, private and shared networks, and what is not an
 * address of one host (unspecified, multicast, broadcast, reserved).
 */
const BLOCKED = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  BLOCKED.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 address carries (mapped, NAT64, 6to4), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4})(?::|$)/.exec(lower);
  const pair = hex ?? sixToFour;
  if (!pair) return null;
  const high = parseInt(pair[1]!, 16);
  const low = parseInt(pair[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether `address` (an IP literal) is a public unicast address a webhook may be sent to. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !BLOCKED.check(bare, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(bare);
  if (inner !== null) return isPublicAddress(inner);
  return !BLOCKED.check(bare, 'ipv6');
}

export class RefusedAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RefusedAddressError';
  }
}

/**
 * The addresses `hostname` resolves to, all of them allowed: with `allowPrivate` false (production),
 * a name that resolves to any non-public address is refused, as one rebinding entry would be.
 */
export async function allowedAddresses(
  hostname: string,
  allowPrivate: boolean,
): Promise<{ address: string; family: number }[]> {
  const bare = hostname.replace(/^\[|\]$/g, '');
  let found: { address: string; family: number }[];
  if (isIP(bare)) found = [{ address: bare, family: isIP(bare) }];
  else {
    try {
      found = await lookup(bare, { all: true, verbatim: true });
    } catch {
      throw new RefusedAddressError(`The host ${bare} could not be resolved.`);
    }
  }
  if (found.length === 0) throw new RefusedAddressError(`The host ${bare} could not be resolved.`);
  if (!allowPrivate) {
    const blocked = found.find((entry) => !isPublicAddress(entry.address));
    if (blocked) {
      throw new RefusedAddressError(
        `The host ${bare} resolves to ${blocked.address}, a private, loopback or reserved address.`,
      );
    }
  }
  return found;
}
