import { BlockList, isIP } from 'node:net';
import { hmacHex, safeEqualHex } from '../crypto/aead';
import type { Queryable } from '../db/database';
import type { ApiCaller, ApiClient } from './access';
import { findKeyHolder, touchKey } from './api-key.repository';

/**
 * API keys of the public API. A key is `<codeKey>.<secret>`: the code key (`snd_` and 16 hex
 * digits) is public and finds the key's row; the secret (256 random bits) proves possession. Only
 * an HMAC of the whole key is stored, so a copy of the database cannot call the API.
 */
const CODE_KEY = /^snd_[0-9a-f]{16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export function hashApiKey(hmacKey: Buffer, apiKey: string): string {
  return hmacHex(hmacKey, `api-key:${apiKey}`);
}

/** The code key of a well-formed key, or null: malformed keys never reach the database. */
export function codeKeyOf(apiKey: string): string | null {
  const dot = apiKey.indexOf('.');
  if (dot < 0) return null;
  const codeKey = apiKey.slice(0, dot);
  return CODE_KEY.test(codeKey) && SECRET.test(apiKey.slice(dot + 1)) ? codeKey : null;
}

/** Whether `ip` is one of the entries (addresses or CIDR ranges); an empty list admits every address. */
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

export type KeyRefusal = 'malformed' | 'unknown' | 'not-live' | 'ip-not-allowed';

/**
 * The client behind an API key, or why it is refused. The stored HMAC is compared in constant
 * time; a key that is archived, expired, rotated out past its overlap, of an archived segment, or
 * called from an address outside the allow-list is refused at once (nothing is cached).
 */
export async function authenticateApiKey(
  db: Queryable,
  hmacKey: Buffer,
  apiKey: string,
  ip: string,
): Promise<{ client: ApiClient } | { refused: KeyRefusal; caller?: ApiCaller }> {
  const codeKey = codeKeyOf(apiKey);
  if (!codeKey) return { refused: 'malformed' };
  const holder = await findKeyHolder(db, codeKey);
  if (!holder || !safeEqualHex(holder.keyHash, hashApiKey(hmacKey, apiKey))) return { refused: 'unknown' };
  // A genuine key that is refused still names its holder, so the refusal lands in that segment's API log.
  const caller: ApiCaller = {
    applicationAccessId: holder.applicationAccessId,
    keyId: holder.keyId,
    title: holder.title,
    dataSegmentId: holder.dataSegmentId,
  };
  if (!holder.isLive) return { refused: 'not-live', caller };
  if (!isIpAllowed(holder.ipAllowList, ip)) return { refused: 'ip-not-allowed', caller };
  await touchKey(db, holder.keyId, holder.applicationAccessId);
  return { client: { ...caller, scopes: new Set(holder.scopes) } };
}
