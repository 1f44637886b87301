import path from 'node:path';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import { loadSecrets, type Secrets } from './platform/crypto/secrets';
import { createLocalBlobStore } from './platform/storage/local-blob-store';
import type { BlobStore } from './platform/storage/blob-store';
import { createFileVault, type FileVault } from './platform/storage/file-vault';
import { createDirectorySmsTransport } from './platform/messaging/sms-transports';
import type { Transports } from './platform/messaging/transports';
import { createTokenService, type TokenService } from './platform/auth/tokens';
import { createCaptchaService, type CaptchaService } from './platform/auth/captcha';
import { configureAuditTrail } from './platform/audit/audit-log';
import { createLocalCheckpointStore, type CheckpointStore } from './platform/audit/checkpoint-store';
import { keyLegacyAuditChains } from './platform/audit/key-legacy-chain';

export interface Runtime {
  config: Config;
  db: Database;
  secrets: Secrets;
  tokens: TokenService;
  captcha: CaptchaService;
  vault: FileVault;
  transports: Transports;
  checkpoints: CheckpointStore;
}

/** Opens what every process role needs: secrets, the migrated database, storage and transports. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const secrets = loadSecrets(config.dataDir, config.secrets);
  configureAuditTrail({ chainKey: secrets.auditChainKey, checkpointKey: secrets.auditCheckpointKey });
  const db = await openDatabase(config);
  await migrate(db);
  const { refused } = await keyLegacyAuditChains(db);
  if (refused.length > 0) console.error(`The audit trail of ${refused.join(', ')} does not verify; it was left unkeyed. Run audit:verify.`);
  // The S3 and SMTP libraries load only when configured: the AWS SDK alone adds half a second to start.
  const blobs: BlobStore = config.s3
    ? (await import('./platform/storage/s3-blob-store')).createS3BlobStore(config.s3)
    : createLocalBlobStore(path.join(config.dataDir, 'files'));
  const email = config.smtp
    ? (await import('./platform/messaging/smtp-transport')).createSmtpTransport(config.smtp.url, config.smtp.from)
    : null;
  return {
    config,
    db,
    secrets,
    tokens: createTokenService(secrets.tokenSecret),
    captcha: createCaptchaService(db, secrets.hmacKey),
    vault: createFileVault(db, blobs, secrets.masterKey),
    transports: { email, sms: config.smsLoopbackDir ? createDirectorySmsTransport(config.smsLoopbackDir) : null },
    checkpoints: createLocalCheckpointStore(config.auditCheckpointDir),
  };
}
