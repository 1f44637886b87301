import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZDisplaySettings } from '@sanad/contracts/branding';
import { withDisplayDefaults } from '@sanad/contracts/branding-defaults';
import { successEnvelope } from '@sanad/contracts/http';
import type { Database } from '../../platform/db/database';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { ok } from '../../platform/http/envelope';
import { findDisplaySettings } from './branding.repository';

/**
 * Branding is public: the login page and public onboarding links show it before anyone signs in.
 * It holds colours and logo file names only.
 */
export function brandingRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/configurations/branding',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['configuration'],
          summary: 'Display settings (colours and logos) of a data segment',
          querystring: z.object({ dataSegmentId: z.uuid().optional() }),
          response: { 200: successEnvelope(ZDisplaySettings) },
        },
      },
      async (request) => ok(withDisplayDefaults(await findDisplaySettings(db, request.query.dataSegmentId ?? null))),
    );
  };
}
