import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface Secrets {
  /** 32 bytes; wraps the per-segment data keys that encrypt stored files. */
  masterKey: Buffer;
  /** Signs access tokens (HS256). */
  tokenSecret: string;
  /** Keys the HMAC of one-time codes and public-link tokens at rest. */
  hmacKey: Buffer;
  /** Keys the audit trail's hash chain, and signs its checkpoints: never stored in the database. */
  auditChainKey: Buffer;
  auditCheckpointKey: Buffer;
}

function readOrCreate(file: string, create: () => string): string {
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const value = create();
  // wx: never overwrite a secret another process wrote a moment ago.
  writeFileSync(file, `${value}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return value;
}

/**
 * Secrets come from the environment when given. Otherwise (embedded mode) they are generated on
 * first start into <dataDir>/secrets with mode 0600 and reused; replicas on PostgreSQL must be
 * given the same values through the environment.
 */
export function loadSecrets(dataDir: string, given: { masterKey?: string | undefined; tokenSecret?: string | undefined }): Secrets {
  const dir = path.join(dataDir, 'secrets');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const masterKey = given.masterKey ?? readOrCreate(path.join(dir, 'master.key'), () => randomBytes(32).toString('base64'));
  const tokenSecret = given.tokenSecret ?? readOrCreate(path.join(dir, 'token.key'), () => randomBytes(48).toString('base64url'));
  const key = Buffer.from(masterKey, 'base64');
  if (key.length !== 32) throw new Error('The master key must be 32 bytes');
  return {
    masterKey: key,
    tokenSecret,
    // Derived, so that one master key is all an operator has to keep safe.
    hmacKey: Buffer.from(hkdf(key, 'sanad-hmac-v1')),
    auditChainKey: Buffer.from(hkdf(key, 'sanad-audit-chain-v1')),
    auditCheckpointKey: Buffer.from(hkdf(key, 'sanad-audit-checkpoint-v1')),
  };
}

function hkdf(key: Buffer, info: string): ArrayBuffer {
  return hkdfSync('sha256', key, Buffer.alloc(0), info, 32);
}
