import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../../platform/db/database';
import { PUBLIC } from '@sanad/contracts/endpoint';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';

const ZHealth = z.object({ status: z.literal(true), message: z.string(), data: z.object({ uptimeSeconds: z.number() }) });
const ZReady = z.object({ status: z.literal(true), message: z.string(), data: z.object({ database: z.enum(['pglite', 'postgres']) }) });

/** Liveness answers while the process runs; readiness only while the database answers too. */
export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['health'], response: { 200: ZHealth } } },
      async () => ok({ uptimeSeconds: Math.round(process.uptime()) }, 'OK'),
    );
    app.get(
      '/ready',
      { config: { access: PUBLIC, rateLimit: false }, schema: { tags: ['health'], response: { 200: ZReady } } },
      async (request) => {
        try {
          await db.query('select 1');
        } catch (error) {
          request.log.error({ err: error }, 'database not reachable');
          throw new AppError('SERVICE_UNAVAILABLE', 'Database is not reachable');
        }
        return ok({ database: db.kind }, 'Ready');
      },
    );
  };
}
