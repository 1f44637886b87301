import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { registerCustomerRatingRoutes } from './customer-rating.routes';
import { createCustomerRatingService } from './customer-rating.service';
import { registerReferenceListRoutes } from './reference-list.routes';
import { createReferenceListService } from './reference-list.service';
import { createRerateService } from './rerate.service';
import { registerRiskConfigurationRoutes } from './risk-configuration.routes';
import { createRiskSettingsService } from './risk-settings.service';
import { registerRiskSimulationRoutes } from './risk-simulation.routes';
import { createRiskSimulationService } from './risk-simulation.service';
import { createRiskTableService } from './risk-table.service';
import type { ScreeningPort } from './screening-port';

/** Everything the risk module serves: engine configuration, reference lists, simulation, the rating tab. */
export function registerRiskRoutes(
  app: FastifyInstance,
  context: { db: Database; jobs: JobQueue | null; screening?: ScreeningPort | null },
): void {
  const { db, jobs } = context;
  registerRiskConfigurationRoutes(app, {
    tables: createRiskTableService({ db }),
    settings: createRiskSettingsService({ db }),
    rerate: createRerateService({ db, jobs }),
  });
  registerReferenceListRoutes(app, createReferenceListService({ db }));
  registerRiskSimulationRoutes(app, createRiskSimulationService({ db, screening: context.screening ?? null }));
  registerCustomerRatingRoutes(app, createCustomerRatingService({ db }));
}
