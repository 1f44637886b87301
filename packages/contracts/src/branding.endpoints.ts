import { z } from 'zod';
import { PUBLIC, endpoint } from './endpoint';
import { successEnvelope } from './http';
import { ZDisplaySettings } from './branding';

/**
 * Branding is public: the login page and public onboarding links show it before anyone signs in.
 * It holds colours and logo file names only.
 */
export const BRANDING_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: 'configurations/branding',
    tag: 'branding',
    summary: 'Display settings (colours and logos) of a data segment, or of the installation',
    access: PUBLIC,
    query: z.object({ dataSegmentId: z.uuid().optional() }),
    response: successEnvelope(ZDisplaySettings),
  }),
};
