import type { FastifyInstance } from 'fastify';
import { RISK_ENDPOINTS as E } from '@sanad/contracts/risk.endpoints';
import { requireActor } from '../../../platform/auth/authenticate';
import { ok } from '../../../platform/http/envelope';
import { route } from '../../../platform/http/route';
import type { RiskSimulationService } from './risk-simulation.service';

/** /configuration/simulate (permission initiate-simulation-process): nothing it does is stored. */
export function registerRiskSimulationRoutes(app: FastifyInstance, simulation: RiskSimulationService): void {
  route(app, E.simulationOptions, async (request) => ok(await simulation.getOptions(requireActor(request), request.query)));
  route(app, E.simulate, async (request) => ok(await simulation.simulate(requireActor(request), request.body), 'Simulation completed'));
}
