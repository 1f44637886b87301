import path from 'node:path';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import { loadSecrets, type Secrets } from './platform/crypto/secrets';
import { createLocalBlobStore } from './platform/storage/local-blob-store';
import type { BlobStore } from './platform/storage/blob-store';
import { createFileVault, type FileVault } from './platform/storage/file-vault';
import type { Transports } from './platform/messaging/transports';
import { createTokenService, type TokenService } from './platform/auth/tokens';
import { createCaptchaService, type CaptchaService } from './platform/auth/captcha';

export interface Runtime {
  config: Config;
  db: Database;
  secrets: Secrets;
  tokens: TokenService;
  captcha: CaptchaService;
  vault: FileVault;
  transports: Transports;
}

/** Opens what every process role needs: secrets, the migrated database, storage and transports. */
export async function openRuntime(config: Config): Promise<Runtime> {
  const secrets = loadSecrets(config.dataDir, config.secrets);
  const db = await openDatabase(config);
  await migrate(db);
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
    transports: { email, sms: null },
  };
}
