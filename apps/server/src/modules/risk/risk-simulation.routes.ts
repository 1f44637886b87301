import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSegmentQuery } from '@sanad/contracts/risk-configuration';
import { ZSimulationRequest } from '@sanad/contracts/risk-rating';
import { requireAny } from '../../platform/auth/access';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import type { RiskSimulationService } from './risk-simulation.service';

const tags = ['simulation'];

/** /configuration/simulate (permission initiate-simulation-process): nothing it does is stored. */
export function riskSimulationRoutes(simulation: RiskSimulationService): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: requireAny('initiate-simulation-process') };
    app.get(
      '/configurations/simulate',
      { config: access, schema: { tags, summary: 'What the simulation page offers: screening availability, adverse-media outcomes', querystring: ZSegmentQuery } },
      async (request) => ok(await simulation.getOptions(requireActor(request), request.query)),
    );
    app.post(
      '/configurations/simulate',
      { config: access, schema: { tags, summary: 'Rate a hypothetical customer or company; nothing is stored', body: ZSimulationRequest } },
      async (request) => ok(await simulation.simulate(requireActor(request), request.body), 'Simulation completed'),
    );
  };
}
