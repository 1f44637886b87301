import path from 'node:path';
import type { Config } from './config';
import type { Database } from './platform/db/database';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import { loadSecrets, type Secrets } from './platform/crypto/secrets';
import { createLocalBlobStore } from './platform/storage/local-blob-store';
import { createS3BlobStore } from './platform/storage/s3-blob-store';
import { createFileVault, type FileVault } from './platform/storage/file-vault';
import { createSmtpTransport, type Transports } from './platform/messaging/transports';
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
  const blobs = config.s3 ? createS3BlobStore(config.s3) : createLocalBlobStore(path.join(config.dataDir, 'files'));
  return {
    config,
    db,
    secrets,
    tokens: createTokenService(secrets.tokenSecret),
    captcha: createCaptchaService(db, secrets.hmacKey),
    vault: createFileVault(db, blobs, secrets.masterKey),
    transports: { email: config.smtp ? createSmtpTransport(config.smtp.url, config.smtp.from) : null, sms: null },
  };
}
