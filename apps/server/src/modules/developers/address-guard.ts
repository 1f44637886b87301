import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * The server-side request forgery guard of webhooks: a URL may lead only to public addresses.
 * Every address its host resolves to is checked (a host with one private answer is refused), at
 * save and again before each send; the connection itself goes through the outbound fetch, which
 * refuses private addresses at connect time too, so a DNS answer that changes in between is caught.
 */
const PRIVATE = new BlockList();
for (const [base, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  PRIVATE.addSubnet(base, bits, 'ipv4');
}
for (const [base, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(base, bits, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:7f00:1), else the address. */
function unmapped(address: string): string {
  const lower = address.toLowerCase();
  if (!lower.startsWith('::ffff:')) return address;
  const tail = lower.slice(7);
  if (isIP(tail) === 4) return tail;
  const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(tail);
  if (!match) return address;
  const high = Number.parseInt(match[1] ?? '0', 16);
  const low = Number.parseInt(match[2] ?? '0', 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export function isPublicAddress(address: string): boolean {
  const plain = unmapped(address);
  const family = isIP(plain);
  if (family === 0) return false;
  return !PRIVATE.check(plain, family === 4 ? 'ipv4' : 'ipv6');
}

export type TargetCheck =
  { ok: true; url: URL } | { ok: false; reason: 'invalid-url' | 'credentials' | 'private-address' | 'unresolvable' };

export interface AddressGuard {
  /** Checks a webhook URL: https (http only for an allowed test address), no credentials, public addresses only. */
  check(url: string): Promise<TargetCheck>;
  /** Whether the outbound fetch must let loopback addresses through (a test allow-list names one). */
  allowsLoopback: boolean;
}

export type Resolver = (host: string) => Promise<string[]>;

const systemResolver: Resolver = async (host) => (await lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/**
 * `allowedAddresses` is the test-only allow-list (SANAD_WEBHOOK_ALLOWED_ADDRESSES): addresses a
 * test receiver listens on, reachable despite being private, over plain http too. Empty in production.
 */
export function createAddressGuard(allowedAddresses: readonly string[], resolve: Resolver = systemResolver): AddressGuard {
  const allowed = new Set(allowedAddresses.map((address) => unmapped(address).toLowerCase()));
  const isAllowed = (address: string) => allowed.has(unmapped(address).toLowerCase());
  return {
    allowsLoopback: [...allowed].some((address) => address === '::1' || address.startsWith('127.')),
    async check(raw) {
      let url: URL;
      try {
        url = new URL(raw);
      } catch {
        return { ok: false, reason: 'invalid-url' };
      }
      if (url.protocol !== 'https:' && url.protocol !== 'http:') return { ok: false, reason: 'invalid-url' };
      if (url.username || url.password) return { ok: false, reason: 'credentials' };
      const host = url.hostname.replace(/^\[|\]$/g, '');
      let addresses: string[];
      if (isIP(host) !== 0) addresses = [host];
      else {
        try {
          addresses = await resolve(host);
        } catch {
          return { ok: false, reason: 'unresolvable' };
        }
      }
      if (addresses.length === 0) return { ok: false, reason: 'unresolvable' };
      const everyAllowed = addresses.every(isAllowed);
      if (!everyAllowed && addresses.some((address) => !isPublicAddress(address))) return { ok: false, reason: 'private-address' };
      // Plain http only to a test receiver: anything else would send signed customer data in clear.
      if (url.protocol === 'http:' && !everyAllowed) return { ok: false, reason: 'invalid-url' };
      return { ok: true, url };
    },
  };
}
