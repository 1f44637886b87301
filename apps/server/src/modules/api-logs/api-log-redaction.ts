import { API_LOG_BODY_MAX_BYTES } from '@sanad/contracts/api-logs';

/**
 * What an API-log entry keeps of a response body (DV-04): never document numbers,
 * images, secrets or codes. A JSON body is walked and the values of fields named for those are
 * replaced, whatever their nesting; any text (JSON strings too, and a webhook receiver's plain
 * answer) loses embedded images, long base64 runs, API keys and bearer tokens. The rest is kept so
 * the log stays useful for debugging, then cut at API_LOG_BODY_MAX_BYTES.
 */

export const REDACTED = '[redacted]';

/** Field names whose values are document numbers, images, secrets or codes. */
const SENSITIVE_FIELD = new RegExp(
  [
    // document numbers and other identifiers of a person's papers or accounts
    'document.?(number|no)',
    'passport.?(number|no)',
    'national.?id',
    'id.?number',
    'licen[cs]e.?(number|no)',
    'tax.?(id|number)',
    'ssn',
    'iban',
    'account.?number',
    'card.?number',
    'document.?summary',
    'mrz',
    // images and files
    'image',
    'photo',
    'selfie',
    'picture',
    'avatar',
    'signature',
    'base64',
    'scan',
    // secrets
    'secret',
    'password',
    'token',
    'api.?key',
    'authorization',
    'hash',
    'credential',
    // one-time and verification codes (an error envelope's `code`, such as NOT_FOUND, stays)
    'code.?key',
    'otp',
    '^pin$',
    'verification.?code',
    'one.?time',
    'auth.?code',
  ].join('|'),
  'i',
);

const TEXT_PATTERNS: ReadonlyArray<[RegExp, string]> = [
  [/data:[a-z]+\/[a-z0-9.+-]+;base64,[A-Za-z0-9+/=]+/gi, '[redacted file]'],
  [/snd_[0-9a-f]{16}\.[A-Za-z0-9_-]{43}/g, '[redacted key]'],
  [/\bBearer\s+[A-Za-z0-9._~+/-]+=*/gi, 'Bearer [redacted]'],
  [/\beyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, '[redacted token]'],
  // A long run of base64 is an image or another file, not text a person needs to read.
  [/[A-Za-z0-9+/]{200,}={0,2}/g, '[redacted binary]'],
];

/** Objects whose plain `number` field is a document number (identityInfo.number, passport.number …). */
const DOCUMENT_HOLDER = /identity|document|passport|licen[cs]e|card|reading|^id$/i;

export function isSensitiveField(name: string, parent = ''): boolean {
  return SENSITIVE_FIELD.test(name) || (/^(number|no)$/i.test(name) && DOCUMENT_HOLDER.test(parent));
}

function redactText(text: string): string {
  return TEXT_PATTERNS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

function redactValue(value: unknown, parent = ''): unknown {
  if (typeof value === 'string') return redactText(value);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, parent));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, inner]) => [
        key,
        isSensitiveField(key, parent) && inner !== null && inner !== '' ? REDACTED : redactValue(inner, key),
      ]),
    );
  }
  return value;
}

function truncate(text: string, bytes: number): string {
  const buffer = Buffer.from(text);
  return buffer.length <= bytes ? text : `${buffer.subarray(0, bytes).toString('utf8')}…`;
}

/** A body as an entry keeps it; null for none. Bodies past 1 MB are not parsed, only scrubbed as text. */
export function redactResponseBody(body: string | null | undefined): string | null {
  if (body === null || body === undefined || body === '') return null;
  let kept: string;
  try {
    kept = body.length <= 1024 * 1024 ? JSON.stringify(redactValue(JSON.parse(body))) : redactText(body);
  } catch {
    kept = redactText(body);
  }
  return truncate(kept, API_LOG_BODY_MAX_BYTES);
}

/** A URL as an entry keeps it: query values and credentials could be secrets, so only their names stay. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    // The names are read first: setting while iterating the live key list would revisit them.
    for (const key of new Set(parsed.searchParams.keys())) parsed.searchParams.set(key, REDACTED);
    return parsed.toString();
  } catch {
    return url.split('?')[0] ?? url;
  }
}
