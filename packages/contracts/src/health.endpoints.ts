import { z } from 'zod';
import { PUBLIC, endpoint } from './endpoint';
import { successEnvelope } from './http';

const tag = 'health';

export const ZHealth = z.object({ uptimeSeconds: z.number() });
export const ZReadiness = z.object({ database: z.enum(['pglite', 'postgres']) });

export const HEALTH_ENDPOINTS = {
  live: endpoint({
    method: 'GET',
    path: 'health',
    tag,
    summary: 'Answers while the process runs (liveness)',
    access: PUBLIC,
    response: successEnvelope(ZHealth),
  }),
  ready: endpoint({
    method: 'GET',
    path: 'ready',
    tag,
    summary: 'Answers while the process and its database answer (readiness); 503 otherwise',
    access: PUBLIC,
    response: successEnvelope(ZReadiness),
  }),
};
