import type { FastifyInstance } from 'fastify';
import { HEALTH_ENDPOINTS } from '@sanad/contracts/health.endpoints';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import { pingDatabase } from './health.repository';

/** Liveness answers while the process runs; readiness only while the database answers too. Probes are not rate limited. */
export function registerHealthRoutes(app: FastifyInstance, { db }: { db: Database }): void {
  route(app, HEALTH_ENDPOINTS.live, async () => ok({ uptimeSeconds: Math.round(process.uptime()) }, 'OK'), { rateLimit: false });
  route(
    app,
    HEALTH_ENDPOINTS.ready,
    async (request) => {
      try {
        await pingDatabase(db);
      } catch (error) {
        request.log.error({ err: error }, 'database not reachable');
        throw new AppError('SERVICE_UNAVAILABLE', 'Database is not reachable');
      }
      return ok({ database: db.kind }, 'Ready');
    },
    { rateLimit: false },
  );
}
