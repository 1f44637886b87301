import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import { randomToken } from '../../platform/crypto/aead';
import { hashApiKey } from '../../platform/auth/api-keys';

export interface IssuedKey {
  apiKey: string;
  codeKey: string;
  keyHash: string;
}

/** A new key (`snd_<16 hex>.<43 base64url>`) and the HMAC stored in its place. */
export function issueApiKey(hmacKey: Buffer): IssuedKey {
  const codeKey = `snd_${randomBytes(8).toString('hex')}`;
  const apiKey = `${codeKey}.${randomToken(32)}`;
  return { apiKey, codeKey, keyHash: hashApiKey(hmacKey, apiKey) };
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
