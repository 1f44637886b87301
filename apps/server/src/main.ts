import { performance } from 'node:perf_hooks';
import { ConfigError, parseConfig } from './config';
import { DatabaseLockedError } from './platform/db/pglite-lock';
import { buildApp } from './app';
import { openRuntime } from './runtime';
import { startJobQueue, type JobQueue } from './platform/jobs/job-queue';
import { registerOutboxJobs } from './platform/messaging/outbox-jobs';
import { registerScreeningJobs } from './modules/screening/screening.jobs';
import { ensureFirstAdministrator } from './modules/setup/first-start.service';
import { registerRiskJobs } from './modules/risk/rerate-job';
import { registerSystemLogJobs } from './modules/system-logs/log-export.job';
import { createLogger } from './platform/logging/logger';

async function main(): Promise<void> {
  const startedAt = performance.now();
  const config = parseConfig();
  if (config.role !== 'all' && config.database.kind === 'pglite') {
    throw new ConfigError('SANAD_ROLE=api or worker needs DATABASE_URL: the embedded database belongs to one process');
  }
  const runtime = await openRuntime(config);
  const firstAdministrator = await ensureFirstAdministrator(runtime.db, config.admin);

  const jobs: JobQueue = await startJobQueue(runtime.db, {
    runWorkers: config.role !== 'api',
    onError: (error) => console.error(`[jobs] ${error.message}`),
  });
  await registerOutboxJobs(jobs, runtime.db, runtime.transports);
  await registerScreeningJobs(jobs, runtime.db, runtime.vault);
  await registerRiskJobs(jobs, runtime.db);
  await registerSystemLogJobs(jobs, { db: runtime.db, vault: runtime.vault, logger: createLogger(config.logLevel) });

  const app = config.role === 'worker' ? null : await buildApp({ ...runtime, jobs });
  if (app) await app.listen({ port: config.port, host: config.host });

  const address = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${config.port}`;
  const database = config.database.kind === 'pglite' ? `embedded PGlite (${config.database.dir})` : 'PostgreSQL';
  console.log(
    `Sanad ${config.role === 'worker' ? 'worker' : `is ready at ${address}`} on ${database} in ${Math.round(performance.now() - startedAt)} ms`,
  );
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
      await app?.close();
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
