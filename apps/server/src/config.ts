import { createPrivateKey, type JsonWebKey, type KeyObject } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { API_LOG_DEFAULT_RETENTION_DAYS } from '@sanad/contracts/api-logs';
import { V1_DEFAULT_RATE_LIMIT_PER_MINUTE } from '@sanad/contracts/public-api.endpoints';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/**
 * Every setting Sanad reads from the environment, parsed once at start. Code below this layer
 * receives a typed Config and never touches process.env itself.
 */
const ZEnvironment = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('127.0.0.1'),
  SANAD_ROLE: z.enum(['all', 'api', 'worker']).default('all'),
  SANAD_DATA_DIR: z.string().default('.data'),
  SANAD_AUDIT_CHECKPOINT_DIR: z.string().optional(),
  SANAD_PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'DATABASE_URL must be a postgres:// connection string')
    .optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  SANAD_MASTER_KEY: z
    .string()
    .regex(/^[A-Za-z0-9+/]{43}=$/, 'SANAD_MASTER_KEY must be 32 bytes in base64')
    .optional(),
  SANAD_TOKEN_SECRET: z.string().min(32, 'SANAD_TOKEN_SECRET must be at least 32 characters').optional(),
  SANAD_ADMIN_EMAIL: z.email().default('admin@sanad.local'),
  SANAD_ADMIN_PASSWORD: z.string().min(6).max(20).optional(),
  SANAD_COMPANY_NAME: z.string().min(1).max(100).default('Sanad'),
  SANAD_SUPPORT_EMAIL: z.email('SANAD_SUPPORT_EMAIL must be an e-mail address').optional(),
  SANAD_PUBLIC_SIGNUP: booleanFlag.default(false),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  SMTP_FROM: z.string().default('Sanad <no-reply@sanad.local>'),
  SMS_LOOPBACK_DIR: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_BUCKET: z.string().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFlag.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1200),
  // Public API calls per minute per application access entry (docs/decisions/public-api.md).
  API_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(V1_DEFAULT_RATE_LIMIT_PER_MINUTE),
  // Days an API-log entry is kept (docs/decisions/api-logs.md).
  API_LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(API_LOG_DEFAULT_RETENTION_DAYS),
  TRUST_PROXY: booleanFlag.default(false),
  SANAD_WEB_DIST: z.string().optional(),
  OIDC_PROVIDERS: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}(,[a-z][a-z0-9-]{0,31})*$/, 'OIDC_PROVIDERS must list provider ids (a-z, 0-9, -) separated by commas')
    .optional(),
  OIDC_ALLOW_LOOPBACK: booleanFlag.default(false),
  // Tests only: addresses a webhook may reach although private (a receiver on loopback), over http too.
  SANAD_WEBHOOK_ALLOWED_ADDRESSES: z
    .string()
    .regex(/^[0-9a-fA-F:.]+(,[0-9a-fA-F:.]+)*$/, 'SANAD_WEBHOOK_ALLOWED_ADDRESSES must list IP addresses separated by commas')
    .optional(),
  // Rows a bulk upload registers per transaction (its checkpoint): a crash loses at most one chunk's work.
  SANAD_BULK_CHUNK_ROWS: z.coerce.number().int().min(1).max(1000).default(250),
  // Crash tests only: the named point at which the process kills itself (honoured when NODE_ENV=test).
  SANAD_TEST_CRASH_AFTER: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,63}$/)
    .optional(),
});

/**
 * One OpenID Connect provider, read from OIDC_* (a single provider, id `default`) or from
 * OIDC_<ID>_* for each id listed in OIDC_PROVIDERS.
 */
const ZOidcProviderEnvironment = z.object({
  ISSUER: z.url(),
  CLIENT_ID: z.string().min(1),
  CLIENT_SECRET: z.string().min(1).optional(),
  // PEM (PKCS#8) or a private JWK as JSON; for private_key_jwt client authentication.
  PRIVATE_KEY: z.string().min(1).optional(),
  CLIENT_AUTH_METHOD: z.enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt']).optional(),
  LABEL: z.string().trim().min(1).max(60).default('National Digital ID'),
  SCOPES: z
    .string()
    .regex(/(^|\s)openid(\s|$)/, 'the scopes must include openid')
    .default('openid email profile'),
  LINK_BY: z.enum(['email', 'subject']).default('email'),
  // The claim that identifies the person when linking by subject, e.g. a national ID number claim.
  SUBJECT_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_:.-]{1,64}$/)
    .default('sub'),
  ACR_VALUES: z.string().optional(),
});

export type Config = ReturnType<typeof parseConfig>;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseConfig(env: Record<string, string | undefined> = process.env) {
  // Treat empty variables as unset, as shells and .env files often leave them so.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = ZEnvironment.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const s3Given = [e.S3_ENDPOINT, e.S3_BUCKET, e.S3_ACCESS_KEY_ID, e.S3_SECRET_ACCESS_KEY].filter(Boolean).length;
  if (s3Given > 0 && s3Given < 4) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_*: set all of S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or none',
    );
  }
  const dataDir = path.resolve(e.SANAD_DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    role: e.SANAD_ROLE,
    dataDir,
    /** Where signed checkpoints of the audit chain are written: outside the database, never overwritten. */
    auditCheckpointDir: path.resolve(e.SANAD_AUDIT_CHECKPOINT_DIR ?? path.join(dataDir, 'audit-checkpoints')),
    publicUrl: (e.SANAD_PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    database: e.DATABASE_URL
      ? { kind: 'postgres' as const, url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite' as const, dir: path.join(dataDir, 'db') },
    secrets: { masterKey: e.SANAD_MASTER_KEY, tokenSecret: e.SANAD_TOKEN_SECRET },
    admin: { email: e.SANAD_ADMIN_EMAIL, password: e.SANAD_ADMIN_PASSWORD, companyName: e.SANAD_COMPANY_NAME },
    /** Where contact-form messages are e-mailed; the first administrator's address unless set. */
    supportEmail: e.SANAD_SUPPORT_EMAIL ?? e.SANAD_ADMIN_EMAIL,
    /** Whether anyone who reaches the server may sign up for a trial; off unless the operator turns it on. */
    isPublicSignUpOpen: e.SANAD_PUBLIC_SIGNUP,
    smtp: e.SMTP_URL ? { url: e.SMTP_URL, from: e.SMTP_FROM } : null,
    /** SMS are written to this directory (the loopback SMS transport) when set; else they wait in the outbox. */
    smsLoopbackDir: e.SMS_LOOPBACK_DIR ? path.resolve(e.SMS_LOOPBACK_DIR) : null,
    /**
     * The built-in mailbox stands in for a mail server on a one-machine install (embedded database,
     * no SMTP_URL): the outbox is then readable in the app. With a mail server it is off.
     */
    isMailboxOn: !e.SMTP_URL && !e.DATABASE_URL,
    s3:
      e.S3_ENDPOINT && e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : null,
    logLevel: e.LOG_LEVEL,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    apiRateLimitPerMinute: e.API_RATE_LIMIT_PER_MINUTE,
    apiLogRetentionDays: e.API_LOG_RETENTION_DAYS,
    trustProxy: e.TRUST_PROXY,
    webDist: e.SANAD_WEB_DIST ? path.resolve(e.SANAD_WEB_DIST) : null,
    identityProviders: parseIdentityProviders(present, e.OIDC_PROVIDERS, e.OIDC_ALLOW_LOOPBACK),
    // Outbound calls to an identity provider on 127.0.0.1 or ::1 (tests, a local provider); never by default.
    allowLoopbackIdentityProvider: e.OIDC_ALLOW_LOOPBACK,
    /** Addresses webhooks may reach despite the private-address guard: a test receiver's; none by default. */
    webhookAllowedAddresses: e.SANAD_WEBHOOK_ALLOWED_ADDRESSES ? e.SANAD_WEBHOOK_ALLOWED_ADDRESSES.split(',') : [],
    /** Rows of a bulk upload registered in one transaction. */
    bulkChunkRows: e.SANAD_BULK_CHUNK_ROWS,
    /** The crash point a crash test asked for; never set outside tests. */
    testCrashAfter: e.NODE_ENV === 'test' ? (e.SANAD_TEST_CRASH_AFTER ?? null) : null,
  };
}

export type ClientAuthentication =
  | { method: 'client_secret_basic' | 'client_secret_post'; secret: string }
  | { method: 'private_key_jwt'; privateKey: JsonWebKey & { kid?: string; alg?: string } };

export interface IdentityProviderConfig {
  id: string;
  label: string;
  issuer: string;
  clientId: string;
  clientAuthentication: ClientAuthentication;
  scopes: string;
  linkBy: 'email' | 'subject';
  subjectClaim: string;
  acrValues: string | null;
  /** Plain http, allowed only for a loopback issuer with OIDC_ALLOW_LOOPBACK (tests). */
  isInsecureIssuer: boolean;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]']);

function readPrivateKey(value: string): KeyObject {
  const text = value.trim();
  // Environment files often carry a PEM on one line with literal \n separators.
  if (text.startsWith('{')) return createPrivateKey({ key: JSON.parse(text) as JsonWebKey, format: 'jwk' });
  return createPrivateKey(text.replace(/\\n/g, '\n'));
}

function parseIdentityProvider(
  env: Record<string, string | undefined>,
  id: string,
  prefix: string,
  allowLoopback: boolean,
): IdentityProviderConfig {
  const scoped = Object.fromEntries(
    Object.entries(env)
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key.slice(prefix.length), value]),
  );
  const parsed = ZOidcProviderEnvironment.safeParse(scoped);
  const fail = (field: string, message: string): never => {
    throw new ConfigError(`Invalid configuration:\n  ${prefix}${field}: ${message}`);
  };
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${prefix}${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const p = parsed.data;
  const issuer = new URL(p.ISSUER);
  const isLoopback = LOOPBACK_HOSTS.has(issuer.hostname);
  if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback && allowLoopback)) {
    fail('ISSUER', 'the issuer must be an https:// URL (plain http only for a loopback issuer with OIDC_ALLOW_LOOPBACK=true)');
  }
  if (Boolean(p.CLIENT_SECRET) === Boolean(p.PRIVATE_KEY))
    fail('CLIENT_SECRET', `set either ${prefix}CLIENT_SECRET or ${prefix}PRIVATE_KEY`);
  let clientAuthentication: ClientAuthentication;
  if (p.PRIVATE_KEY) {
    if (p.CLIENT_AUTH_METHOD && p.CLIENT_AUTH_METHOD !== 'private_key_jwt')
      fail('CLIENT_AUTH_METHOD', 'a private key authenticates with private_key_jwt');
    let key: KeyObject;
    try {
      key = readPrivateKey(p.PRIVATE_KEY);
    } catch {
      return fail('PRIVATE_KEY', 'not a readable PEM (PKCS#8) or JWK private key');
    }
    const given = p.PRIVATE_KEY.trim().startsWith('{') ? (JSON.parse(p.PRIVATE_KEY) as { kid?: unknown; alg?: unknown }) : {};
    clientAuthentication = {
      method: 'private_key_jwt',
      privateKey: {
        ...key.export({ format: 'jwk' }),
        ...(typeof given.kid === 'string' ? { kid: given.kid } : {}),
        ...(typeof given.alg === 'string' ? { alg: given.alg } : {}),
      },
    };
  } else {
    if (p.CLIENT_AUTH_METHOD === 'private_key_jwt') fail('CLIENT_AUTH_METHOD', `private_key_jwt needs ${prefix}PRIVATE_KEY`);
    clientAuthentication = {
      method: p.CLIENT_AUTH_METHOD === 'client_secret_post' ? 'client_secret_post' : 'client_secret_basic',
      secret: p.CLIENT_SECRET ?? '',
    };
  }
  return {
    id,
    label: p.LABEL,
    issuer: p.ISSUER,
    clientId: p.CLIENT_ID,
    clientAuthentication,
    scopes: p.SCOPES.trim().split(/\s+/).join(' '),
    linkBy: p.LINK_BY,
    subjectClaim: p.SUBJECT_CLAIM,
    acrValues: p.ACR_VALUES ?? null,
    isInsecureIssuer: issuer.protocol === 'http:',
  };
}

function parseIdentityProviders(
  env: Record<string, string | undefined>,
  listed: string | undefined,
  allowLoopback: boolean,
): IdentityProviderConfig[] {
  if (listed) {
    const ids = listed.split(',');
    if (new Set(ids).size !== ids.length) throw new ConfigError('Invalid configuration:\n  OIDC_PROVIDERS: an id is listed twice');
    return ids.map((id) => parseIdentityProvider(env, id, `OIDC_${id.toUpperCase().replace(/-/g, '_')}_`, allowLoopback));
  }
  return env.OIDC_ISSUER ? [parseIdentityProvider(env, 'default', 'OIDC_', allowLoopback)] : [];
}
