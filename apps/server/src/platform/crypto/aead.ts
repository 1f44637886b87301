import { createCipheriv, createDecipheriv, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM: iv ‖ tag ‖ ciphertext. `aad` binds the ciphertext to its context (e.g. its key id). */
export function seal(key: Buffer, plaintext: Buffer, aad?: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  if (aad) cipher.setAAD(Buffer.from(aad));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function open(key: Buffer, sealed: Buffer, aad?: string): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new Error('ciphertext too short');
  const iv = sealed.subarray(0, IV_BYTES);
  const tag = sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES);
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  if (aad) decipher.setAAD(Buffer.from(aad));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
}

export function hmacHex(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

export function safeEqualHex(a: string, b: string): boolean {
  const left = Buffer.from(a, 'hex');
  const right = Buffer.from(b, 'hex');
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A URL-safe token derived from `value` under `key` (256 bits): the same value gives the same token, which only the key's holder can compute. */
export function hmacToken(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

/** A URL-safe random token with `bytes` of entropy (public links use at least 16, i.e. 128 bits). */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}
