import type { FastifyInstance } from 'fastify';
import { registerCustomerRatingRoutes } from './rating/customer-rating.routes';
import type { CustomerRatingService } from './rating/customer-rating.service';
import { registerReferenceListRoutes } from './configuration/reference-list.routes';
import type { ReferenceListService } from './configuration/reference-list.service';
import type { RerateService } from './rerate/rerate.service';
import { registerRiskConfigurationRoutes } from './configuration/risk-configuration.routes';
import type { RiskSettingsService } from './configuration/risk-settings.service';
import { registerRiskSimulationRoutes } from './simulation/risk-simulation.routes';
import type { RiskSimulationService } from './simulation/risk-simulation.service';
import type { RiskTableService } from './table-pages/risk-table.service';
import type { CustomFactorService } from './table-pages/custom-factor.service';

/** The risk module's services, built once in the composition root. */
export interface RiskServices {
  tables: RiskTableService;
  customFactors: CustomFactorService;
  settings: RiskSettingsService;
  rerate: RerateService;
  referenceLists: ReferenceListService;
  simulation: RiskSimulationService;
  ratings: CustomerRatingService;
}

/** Everything the risk module serves: engine configuration, reference lists, simulation, the rating tab. */
export function registerRiskRoutes(app: FastifyInstance, risk: RiskServices): void {
  registerRiskConfigurationRoutes(app, {
    tables: risk.tables,
    customFactors: risk.customFactors,
    settings: risk.settings,
    rerate: risk.rerate,
  });
  registerReferenceListRoutes(app, risk.referenceLists);
  registerRiskSimulationRoutes(app, risk.simulation);
  registerCustomerRatingRoutes(app, risk.ratings);
}
