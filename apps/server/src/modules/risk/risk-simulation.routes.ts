import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSimulationRequest } from '@sanad/contracts/risk-rating';
import { requireAny } from '@sanad/contracts/endpoint';
import { requireActor } from '../../platform/auth/authenticate';
import { ok } from '../../platform/http/envelope';
import type { RiskSimulationService } from './risk-simulation.service';
import { addSegmentRead } from './route-helpers';

const tags = ['simulation'];

/** /configuration/simulate (permission initiate-simulation-process): nothing it does is stored. */
export function riskSimulationRoutes(simulation: RiskSimulationService): FastifyPluginAsyncZod {
  return async (app) => {
    const access = { access: requireAny('initiate-simulation-process') };
    addSegmentRead(
      app,
      '/configurations/simulate',
      { ...access, tags, summary: 'What the simulation page offers: screening availability, adverse-media outcomes' },
      simulation.getOptions,
    );
    app.post(
      '/configurations/simulate',
      { config: access, schema: { tags, summary: 'Rate a hypothetical customer or company; nothing is stored', body: ZSimulationRequest } },
      async (request) => ok(await simulation.simulate(requireActor(request), request.body), 'Simulation completed'),
    );
  };
}
