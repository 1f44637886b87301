import { parseArgs } from 'node:util';
import { ALL_PERMISSIONS, isPermission } from '@sanad/contracts/permissions';
import { isStrongPassword } from '@sanad/contracts/passwords';
import { ConfigError, parseConfig, type Config } from './config';
import { openDatabase } from './platform/db/open-database';
import { migrate } from './platform/db/migrate';
import type { Database } from './platform/db/database';
import { verifyAuditChain } from './platform/audit/verify-audit';
import { appendAudit, configureAuditTrail } from './platform/audit/audit-log';
import { writeAuditCheckpoints } from './platform/audit/audit-checkpoint.job';
import { createLocalCheckpointStore } from './platform/audit/checkpoint-store';
import { keyLegacyAuditChains } from './platform/audit/key-legacy-chain';
import { loadSecrets } from './platform/crypto/secrets';
import { hashPassword } from './platform/auth/passwords';
import { insertRole } from './modules/roles/role.repository';
import { insertUser } from './modules/users/user.port';
import { listActiveSegmentIds } from './modules/data-segments/data-segment.port';
import { provisionDataSegment } from './modules/data-segments/data-segment.port';
import { TRIAL_ONBOARDING_TIER } from '@sanad/contracts/subscription';
import { SUBSCRIPTIONS } from '@sanad/contracts/data-segments';
import { ensureFirstAdministrator } from './modules/setup/first-start.service';
import { linkIdentity, unlinkIdentity } from './modules/identity-providers/identity-link.service';
import { AppError } from './platform/http/app-error';
import { COMPANY_REGISTERS } from '@sanad/contracts/company-registry';
import { importRegisterFileAt } from './modules/company-registry/register-import.service';

const USAGE = `Usage: npm run sanad -- <command> [options]

Commands:
  migrate                 apply pending database migrations
  setup                   create the first data segment and administrator now rather than on first start
                          (SANAD_ADMIN_EMAIL, SANAD_ADMIN_PASSWORD; prints a generated password once)
  audit:verify            recompute the audit trail's keyed hash chains and check them against the signed
                          checkpoints (SANAD_AUDIT_CHECKPOINT_DIR); exit code 1 if any row was edited or deleted
  audit:checkpoint        write a signed checkpoint of every chain whose head moved (the server does it every 10 minutes)
  user:create             create an active staff user with a role of their own
      --email <address> --password <password> [--first-name <name>] [--last-name <name>]
      [--permissions <p1,p2,...|all>] [--segment <data segment id>] [--kyb] [--lite] [--user-guide]
      [--new-segment <company name> [--subscription trial|active|unpaid|cancelled|expired] [--tier <n>] [--white-labelling]]
                          --new-segment puts the user in a new data segment of their own (e.g. a trial);
                          --white-labelling lets that segment show its own name and logo to its customers
  identity:link           let a person sign in through an identity provider as an existing user
      --provider <id> --subject <value of the provider's subject claim> --email <user's e-mail>
  identity:unlink         remove such a link
      --provider <id> --subject <value>
  registry:import <file>  import a company register file so staff can look companies up by number: the UK
      [--register GB-COH]  Companies House "basic company data" CSV, or the ZIP it is published in (one CSV
                          inside, inflated as it is read); streamed, and safe to run again (a company
                          already imported is updated)

Uses the same settings as the server (DATABASE_URL, SANAD_DATA_DIR). With the embedded database,
stop the server first: only one process can open it.`;

async function createUser(db: Database, args: string[]): Promise<void> {
  const { values } = parseArgs({
    args,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string', default: 'Staff' },
      'last-name': { type: 'string', default: 'User' },
      permissions: { type: 'string', default: '' },
      segment: { type: 'string' },
      kyb: { type: 'boolean', default: false },
      lite: { type: 'boolean', default: false },
      'user-guide': { type: 'boolean', default: false },
      'new-segment': { type: 'string' },
      subscription: { type: 'string', default: 'active' },
      tier: { type: 'string' },
      'white-labelling': { type: 'boolean', default: false },
    },
  });
  if (!values.email || !values.password) throw new ConfigError('user:create needs --email and --password');
  if (!isStrongPassword(values.password)) throw new ConfigError('The password does not meet the password policy');
  const requested =
    values.permissions === 'all'
      ? [...ALL_PERMISSIONS]
      : values.permissions
          .split(',')
          .map((item) => item.trim())
          .filter(Boolean);
  const unknown = requested.filter((permission) => !isPermission(permission));
  if (unknown.length > 0) throw new ConfigError(`Unknown permissions: ${unknown.join(', ')}`);
  const subscription = SUBSCRIPTIONS.find((value) => value === values.subscription);
  if (!subscription) throw new ConfigError(`--subscription must be one of ${SUBSCRIPTIONS.join(', ')}`);
  const tier = values.tier === undefined ? (subscription === 'trial' ? TRIAL_ONBOARDING_TIER : 0) : Number(values.tier);
  if (!Number.isInteger(tier) || tier < 0) throw new ConfigError('--tier must be a whole number');
  const newSegment = values['new-segment'];
  const existingSegmentId = newSegment ? null : (values.segment ?? (await listActiveSegmentIds(db, { all: true, ids: [] }))[0]);
  if (!newSegment && !existingSegmentId) throw new ConfigError('No data segment exists yet: start the server once first');
  const passwordHash = await hashPassword(values.password);
  const email = values.email;
  let segmentId = existingSegmentId ?? '';
  const id = await db.transaction(async (tx) => {
    if (newSegment) {
      ({ segmentId } = await provisionDataSegment(tx, {
        companyName: newSegment,
        title: newSegment,
        ref: 'cli',
        email,
        subscription,
        tier,
        whiteLabelling: values['white-labelling'],
      }));
      await appendAudit(tx, {
        dataSegmentId: segmentId,
        actor: null,
        module: 'access_control',
        action: 'created_data_segment',
        entityType: 'data_segment',
        entityId: segmentId,
        summary: 'Created from the command line',
      });
    }
    const roleId = await insertRole(tx, { dataSegmentId: segmentId, title: `Role of ${email}`, permissions: requested });
    const userId = await insertUser(tx, {
      firstName: values['first-name'],
      lastName: values['last-name'],
      email,
      username: email.split('@')[0] ?? email,
      roleId,
      kyb: values.kyb,
      accountType: values.lite ? 'lite' : 'full',
      userGuide: values['user-guide'],
      dataSegmentIds: [segmentId],
      status: 'active',
      passwordHash,
      origin: 'command-line',
    });
    await appendAudit(tx, {
      dataSegmentId: segmentId,
      actor: null,
      module: 'system_users',
      action: 'created_user',
      entityType: 'user',
      entityId: userId,
      summary: 'Created from the command line',
    });
    return userId;
  });
  console.log(JSON.stringify({ id, email, permissions: requested, dataSegmentId: segmentId }));
}

async function changeIdentityLink(db: Database, providers: Config['identityProviders'], args: string[], isLinking: boolean): Promise<void> {
  const { values } = parseArgs({ args, options: { provider: { type: 'string' }, subject: { type: 'string' }, email: { type: 'string' } } });
  if (!values.provider || !values.subject || (isLinking && !values.email)) {
    throw new ConfigError(
      `identity:${isLinking ? 'link needs --provider, --subject and --email' : 'unlink needs --provider and --subject'}`,
    );
  }
  try {
    if (isLinking) {
      const userId = await linkIdentity(db, providers, { providerId: values.provider, subject: values.subject, email: values.email ?? '' });
      console.log(JSON.stringify({ linked: true, provider: values.provider, userId }));
    } else {
      await unlinkIdentity(db, providers, { providerId: values.provider, subject: values.subject });
      console.log(JSON.stringify({ unlinked: true, provider: values.provider }));
    }
  } catch (error) {
    if (error instanceof AppError) throw new ConfigError(error.message);
    throw error;
  }
}

async function main(): Promise<number> {
  const [command, ...args] = process.argv.slice(2);
  if (!command || command === '--help' || command === 'help') {
    console.log(USAGE);
    return command ? 0 : 2;
  }
  const config = parseConfig();
  const secrets = loadSecrets(config.dataDir, config.secrets);
  configureAuditTrail({ chainKey: secrets.auditChainKey, checkpointKey: secrets.auditCheckpointKey });
  const checkpoints = createLocalCheckpointStore(config.auditCheckpointDir);
  const db = await openDatabase(config);
  try {
    await migrate(db);
    await keyLegacyAuditChains(db);
    switch (command) {
      case 'migrate':
        console.log('migrations applied');
        return 0;
      case 'setup': {
        const created = await ensureFirstAdministrator(db, config.admin);
        console.log(created ? JSON.stringify(created) : 'Already set up: an administrator exists');
        return 0;
      }
      case 'audit:verify': {
        const result = await verifyAuditChain(db, { checkpoints });
        console.log(JSON.stringify(result, null, 2));
        return result.ok ? 0 : 1;
      }
      case 'audit:checkpoint': {
        const written = await writeAuditCheckpoints(db, checkpoints);
        console.log(JSON.stringify({ written: written.length, location: checkpoints.location }));
        return 0;
      }
      case 'user:create':
        await createUser(db, args);
        return 0;
      case 'identity:link':
      case 'identity:unlink':
        await changeIdentityLink(db, config.identityProviders, args, command === 'identity:link');
        return 0;
      case 'registry:import': {
        const { values, positionals } = parseArgs({
          args,
          allowPositionals: true,
          options: { register: { type: 'string', default: 'GB-COH' } },
        });
        const register = COMPANY_REGISTERS.find((code) => code === values.register);
        if (!register) throw new ConfigError(`--register must be one of ${COMPANY_REGISTERS.join(', ')}`);
        const [file] = positionals;
        if (!file) throw new ConfigError('registry:import needs the file to import');
        let reported = 0;
        const result = await importRegisterFileAt(db, register, file, (stored) => {
          if (stored - reported >= 100_000) {
            reported = stored;
            console.error(`${stored} companies stored...`);
          }
        });
        console.log(JSON.stringify(result));
        return 0;
      }
      default:
        console.error(`Unknown command '${command}'\n\n${USAGE}`);
        return 2;
    }
  } finally {
    await db.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
