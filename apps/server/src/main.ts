import { performance } from 'node:perf_hooks';
import { ConfigError, parseConfig } from './config';
import { DatabaseLockedError } from './platform/db/pglite-lock';
import { buildApp } from './app';
import { openRuntime } from './runtime';
import { startJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { createLogger } from './platform/logging/logger';
import { ensureFirstAdministrator } from './modules/setup/first-start.service';
import { seedMissingRiskConfigurations } from './modules/risk/configuration/risk-seed.port';
import { seedMissingOnboardingConfigurations } from './modules/customers/onboarding-seed.port';
import { composeModules } from './composition';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = parseConfig();
  if (config.role !== 'all' && config.database.kind === 'pglite') {
    throw new ConfigError('SANAD_ROLE=api or worker needs DATABASE_URL: the embedded database belongs to one process');
  }
  const runtime = await openRuntime(config);
  const firstAdministrator = await ensureFirstAdministrator(runtime.db, config.admin);
  // Segments created before the risk module get their default configuration here, not on a read.
  await seedMissingRiskConfigurations(runtime.db);
  await seedMissingOnboardingConfigurations(runtime.db);

  const jobs: JobQueue = await startJobQueue(runtime.db, {
    runWorkers: config.role !== 'api',
    onError: (error) => console.error(`[jobs] ${error.message}`),
    // One summary line per job at info level; jobs taken back from a dead process at warn.
    log: createLogger(config.logLevel),
  });
  // One set of services for the routes and the job workers of this process.
  const context = { ...runtime, jobs };
  const modules = composeModules(context);
  await modules.registerJobs(jobs);

  const app = config.role === 'worker' ? null : await buildApp(context, { modules });
  if (app) await app.listen({ port: config.port, host: config.host });

  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const database = config.database.kind === 'pglite' ? `embedded PGlite (${config.database.dir})` : 'PostgreSQL';
  console.log(
    `Sanad ${config.role === 'worker' ? 'worker' : `is ready at ${address}`} on ${database} in ${Math.round(performance.now() - startedAt)} ms`,
  );
  if (app && config.isMailboxOn) {
    console.log(`No SMTP_URL: e-mails are not sent; read invitations and codes in the built-in mailbox at ${address}/mailbox`);
  }
  if (firstAdministrator) {
    // Shown once, on the start that created the account; the password is stored only as a hash.
    console.log('\nFirst administrator created. Sign in with:');
    console.log(`  e-mail:   ${firstAdministrator.email}  (username: ${firstAdministrator.username})`);
    console.log(
      firstAdministrator.generatedPassword
        ? `  password: ${firstAdministrator.generatedPassword}\n  Keep it safe: it will not be shown again.\n`
        : '  password: the value of SANAD_ADMIN_PASSWORD\n',
    );
  }

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing requests and jobs, then stopping`);
    const deadline = setTimeout(() => process.exit(1), 25_000);
    deadline.unref();
    try {
      // The app stops the modules it started; a worker process stops them itself.
      if (app) await app.close();
      else await modules.stop();
      await jobs.stop();
      await runtime.db.close();
      runtime.transports.email?.close();
      process.exit(0);
    } catch (error) {
      console.error('shutdown failed', error);
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof DatabaseLockedError ? error.message : error);
  process.exit(1);
});
