import type { FastifyInstance } from 'fastify';
import { BRANDING_ENDPOINTS } from '@sanad/contracts/branding.endpoints';
import { ok } from '../../platform/http/envelope';
import { route } from '../../platform/http/route';
import type { BrandingService } from './branding.service';

export function registerBrandingRoutes(app: FastifyInstance, branding: BrandingService): void {
  route(app, BRANDING_ENDPOINTS.get, async (request) => ok(await branding.getDisplaySettings(request.query.dataSegmentId ?? null)));
}
