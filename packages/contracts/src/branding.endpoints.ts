import { z } from 'zod';
import { PUBLIC, endpoint, requireAny } from './endpoint';
import { successEnvelope, ZLooseIdParams } from './http';
import { ZBranding, ZBrandingSave, ZDisplaySettings } from './branding';

const tag = 'branding';

/**
 * Branding is the installation's own (one for every data segment): the login page and the public
 * onboarding links show it before anyone signs in, so reading it is public; it holds colours and
 * logo file names only. A segment's own name and logo are its labeling.
 */
export const BRANDING_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: 'configurations/branding',
    tag,
    summary:
      "The installation's display settings (colours and logos); with a dataSegmentId, clientLogo is that segment's labeled logo where it allows white labelling",
    access: PUBLIC,
    query: z.object({ dataSegmentId: z.uuid().optional() }),
    response: successEnvelope(ZDisplaySettings),
  }),
  settings: endpoint({
    method: 'GET',
    path: 'configurations/branding/settings',
    tag,
    summary:
      'The branding as its screen edits it: its id, the version a save must quote, who saved it last and whether the caller may save',
    access: requireAny('branding'),
    response: successEnvelope(ZBranding),
  }),
  save: endpoint({
    method: 'PUT',
    path: 'configurations/branding/:id',
    tag,
    summary:
      'Save the branding (colours and logos) for every data segment: only a user who works across all data segments. The body quotes the version it was loaded at; a branding changed since answers 409',
    access: requireAny('branding'),
    params: ZLooseIdParams,
    body: ZBrandingSave,
    response: successEnvelope(ZBranding),
  }),
};
