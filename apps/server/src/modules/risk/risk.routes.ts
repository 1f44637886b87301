import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../platform/db/database';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { createCustomerRatingService } from './customer-rating.service';
import { customerRatingRoutes } from './customer-rating.routes';
import { createReferenceListService } from './reference-list.service';
import { referenceListRoutes } from './reference-list.routes';
import { createRerateService } from './rerate.service';
import { riskConfigurationRoutes } from './risk-configuration.routes';
import { createRiskSettingsService } from './risk-settings.service';
import { createRiskSimulationService } from './risk-simulation.service';
import { riskSimulationRoutes } from './risk-simulation.routes';
import { createRiskTableService } from './risk-table.service';
import type { ScreeningPort } from './screening-port';

/** Everything the risk module serves: engine configuration, reference lists, simulation, the rating tab. */
export function riskRoutes(context: { db: Database; jobs: JobQueue | null; screening?: ScreeningPort | null }): FastifyPluginAsyncZod {
  const { db, jobs } = context;
  return async (app) => {
    await app.register(
      riskConfigurationRoutes({
        tables: createRiskTableService({ db }),
        settings: createRiskSettingsService({ db }),
        rerate: createRerateService({ db, jobs }),
      }),
    );
    await app.register(referenceListRoutes(createReferenceListService({ db })));
    await app.register(riskSimulationRoutes(createRiskSimulationService({ db, screening: context.screening ?? null })));
    await app.register(customerRatingRoutes(createCustomerRatingService({ db })));
  };
}
