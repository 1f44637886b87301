import { randomBytes } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import { hmacHex, randomToken } from '../../platform/crypto/aead';

/**
 * An API key is `<codeKey>.<secret>`: the code key (`snd_` and 16 hex digits) is public and finds
 * the key's row; the secret (256 random bits) proves possession. Only an HMAC of the whole key is
 * stored, so a copy of the database cannot call the API.
 */
const CODE_KEY = /^snd_[0-9a-f]{16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedKey {
  apiKey: string;
  codeKey: string;
  keyHash: string;
}

export function hashApiKey(hmacKey: Buffer, apiKey: string): string {
  return hmacHex(hmacKey, `api-key:${apiKey}`);
}

export function issueApiKey(hmacKey: Buffer): IssuedKey {
  const codeKey = `snd_${randomBytes(8).toString('hex')}`;
  const apiKey = `${codeKey}.${randomToken(32)}`;
  return { apiKey, codeKey, keyHash: hashApiKey(hmacKey, apiKey) };
}

/** The code key of a well-formed key, or null: malformed keys never reach the database. */
export function codeKeyOf(apiKey: string): string | null {
  const dot = apiKey.indexOf('.');
  if (dot < 0) return null;
  const codeKey = apiKey.slice(0, dot);
  return CODE_KEY.test(codeKey) && SECRET.test(apiKey.slice(dot + 1)) ? codeKey : null;
}

/** An address or CIDR range as the allow-list accepts it, normalised; null when it is neither. */
export function normaliseIpEntry(entry: string): string | null {
  const [address = '', bits, ...rest] = entry.trim().split('/');
  if (rest.length > 0) return null;
  const family = isIP(address);
  if (family === 0) return null;
  if (bits === undefined) return address.toLowerCase();
  if (!/^\d{1,3}$/.test(bits)) return null;
  const prefix = Number(bits);
  if (prefix > (family === 4 ? 32 : 128)) return null;
  return `${address.toLowerCase()}/${prefix}`;
}

/** Whether `ip` is one of the entries; an empty list admits every address. */
export function isIpAllowed(allowList: readonly string[], ip: string): boolean {
  if (allowList.length === 0) return true;
  const address = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
  const family = isIP(address);
  if (family === 0) return false;
  const list = new BlockList();
  for (const entry of allowList) {
    const [base = '', bits] = entry.split('/');
    const type = isIP(base) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(base, type);
    else list.addSubnet(base, Number(bits), type);
  }
  return list.check(address, family === 4 ? 'ipv4' : 'ipv6');
}
