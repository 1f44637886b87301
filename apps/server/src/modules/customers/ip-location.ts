/**
 * Where a customer registered from (the record's ipLocationDetails), resolved on the server from the
 * request's address with an IP-to-country table that ships inside an npm package
 * (@ip-location-db/geo-whois-asn-country, CC0, built from the regional internet registries' WHOIS and
 * ASN data). Nothing is downloaded at install or run time and no outside service is asked: the
 * customer's address never leaves the installation. Country only, on purpose: a city database is
 * large, licensed more tightly and no rule of the product reads a city.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { isIP } from 'node:net';
import type { TCustomerRecord } from '@sanad/contracts/customers';

export type IpLocationDetails = NonNullable<TCustomerRecord['ipLocationDetails']>;

const PACKAGE = '@ip-location-db/geo-whois-asn-country';

interface V4Table {
  starts: Uint32Array;
  ends: Uint32Array;
  countries: string[];
}
interface V6Table {
  starts: bigint[];
  ends: bigint[];
  countries: string[];
}

let v4: V4Table | null = null;
let v6: V6Table | null = null;

function readTable(file: string): string[][] {
  const path = createRequire(import.meta.url).resolve(`${PACKAGE}/${file}`);
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => line.split(','));
}

/** Loaded on first use and kept (about 0.4 s and 3 MB of typed arrays for IPv4, once per process). */
function v4Table(): V4Table {
  if (v4) return v4;
  const rows = readTable('geo-whois-asn-country-ipv4-num.csv');
  const table: V4Table = { starts: new Uint32Array(rows.length), ends: new Uint32Array(rows.length), countries: [] };
  rows.forEach(([start, end, country], index) => {
    table.starts[index] = Number(start);
    table.ends[index] = Number(end);
    table.countries.push(country ?? '');
  });
  v4 = table;
  return table;
}

function v6Table(): V6Table {
  if (v6) return v6;
  const rows = readTable('geo-whois-asn-country-ipv6-num.csv');
  v6 = {
    starts: rows.map((row) => BigInt(row[0] ?? '0')),
    ends: rows.map((row) => BigInt(row[1] ?? '0')),
    countries: rows.map((row) => row[2] ?? ''),
  };
  return v6;
}

/** The last range starting at or before `value`, if it also ends at or after it (the tables are sorted). */
function find<T extends number | bigint>(starts: ArrayLike<T>, ends: ArrayLike<T>, value: T): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((starts[middle] as T) <= value) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found !== -1 && (ends[found] as T) >= value ? found : -1;
}

function v4Number(ip: string): number {
  return ip.split('.').reduce((total, part) => total * 256 + Number(part), 0);
}

function v6Number(ip: string): bigint {
  let address = ip.toLowerCase().split('%')[0] ?? '';
  // A trailing dotted IPv4 part becomes two groups.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(address);
  if (dotted?.[1]) {
    const value = v4Number(dotted[1]);
    address = address.slice(0, -dotted[1].length) + `${(value >>> 16).toString(16)}:${(value & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = address.split('::');
  const headGroups = head === '' ? [] : head.split(':');
  const tailGroups = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined ? headGroups : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return groups.reduce((total, group) => (total << 16n) + BigInt(parseInt(group || '0', 16)), 0n);
}

/** Loopback, private, link-local, carrier-grade NAT and unique-local addresses: the customer is on a local network. */
export function isLocalAddress(ip: string): boolean {
  const family = isIP(ip);
  if (family === 4) {
    const [a = 0, b = 0] = ip.split('.').map(Number);
    return (
      a === 127 ||
      a === 10 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (family === 6) {
    const value = v6Number(ip);
    if (value === 0n || value === 1n) return true;
    const top = value >> 112n;
    return (top & 0xfe00n) === 0xfc00n || (top & 0xffc0n) === 0xfe80n;
  }
  return false;
}

let regionNames: Intl.DisplayNames | null = null;

/** The country's English name, from the runtime's own data (no table to ship). */
function countryName(code: string): string {
  try {
    regionNames ??= new Intl.DisplayNames(['en'], { type: 'region' });
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * ipLocationDetails for a request's address: `{ ip, countryCode, country }`. A local address reads
 * 'local'; an address the table does not cover (or that is not an address) reads 'unknown'.
 */
export function locateIp(rawIp: string): IpLocationDetails {
  // An IPv4 client on a dual-stack socket arrives as ::ffff:a.b.c.d.
  const ip = rawIp.startsWith('::ffff:') && isIP(rawIp.slice(7)) === 4 ? rawIp.slice(7) : rawIp;
  const family = isIP(ip);
  if (family === 0) return { ip: rawIp.slice(0, 64), countryCode: 'unknown', country: 'unknown' };
  if (isLocalAddress(ip)) return { ip, countryCode: 'local', country: 'local' };
  let code = '';
  if (family === 4) {
    const table = v4Table();
    const index = find(table.starts, table.ends, v4Number(ip));
    code = index === -1 ? '' : (table.countries[index] ?? '');
  } else {
    const table = v6Table();
    const index = find(table.starts, table.ends, v6Number(ip));
    code = index === -1 ? '' : (table.countries[index] ?? '');
  }
  if (code === '') return { ip, countryCode: 'unknown', country: 'unknown' };
  return { ip, countryCode: code, country: countryName(code) };
}
