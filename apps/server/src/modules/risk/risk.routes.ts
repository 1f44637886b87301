import type { FastifyInstance } from 'fastify';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { registerCustomerRatingRoutes } from './rating/customer-rating.routes';
import { createCustomerRatingService } from './rating/customer-rating.service';
import { registerReferenceListRoutes } from './configuration/reference-list.routes';
import { createReferenceListService } from './configuration/reference-list.service';
import { createRerateService } from './rerate/rerate.service';
import { registerRiskConfigurationRoutes } from './configuration/risk-configuration.routes';
import { createRiskSettingsService } from './configuration/risk-settings.service';
import { registerRiskSimulationRoutes } from './simulation/risk-simulation.routes';
import { createRiskSimulationService } from './simulation/risk-simulation.service';
import { createRiskTableService } from './table-pages/risk-table.service';
import type { ScreeningPort } from './simulation/screening.port';

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
