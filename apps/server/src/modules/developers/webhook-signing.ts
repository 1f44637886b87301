import { createHmac, randomBytes } from 'node:crypto';

/**
 * Standard Webhooks signatures: the signed content is `${webhook-id}.${webhook-timestamp}.${body}`,
 * signed with HMAC-SHA256 under the secret's bytes (the base64 after `whsec_`), and sent as
 * `v1,<base64>`; with several secrets (during a rotation) the signatures are space separated.
 */
export const SECRET_PREFIX = 'whsec_';

export function newSigningSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(32).toString('base64')}`;
}

export function signatureOf(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${messageId}.${timestamp}.${body}`).digest('base64')}`;
}

export interface SignedHeaders {
  'content-type': string;
  'user-agent': string;
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

export function signedHeaders(secrets: readonly string[], messageId: string, timestamp: number, body: string): SignedHeaders {
  return {
    'content-type': 'application/json',
    'user-agent': 'Sanad-Webhooks/1.0',
    'webhook-id': messageId,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': secrets.map((secret) => signatureOf(secret, messageId, timestamp, body)).join(' '),
  };
}
