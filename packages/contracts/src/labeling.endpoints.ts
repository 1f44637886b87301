import { PUBLIC, endpoint, requireAny } from './endpoint';
import { successEnvelope } from './http';
import { ZLabeling, ZLabelingParams, ZLabelingSave, ZPublicLabel } from './labeling';

const tag = 'labeling';

/**
 * White labelling of a data segment (/configuration/labeling). The page needs the role's labeling
 * permission and the white-labelling scope of a segment that allows it (DECISIONS SH-38); the
 * server saves only for a segment the caller may see and that allows white labelling.
 */
export const LABELING_ENDPOINTS = {
  get: endpoint({
    method: 'GET',
    path: 'configurations/labeling/:dataSegmentId',
    tag,
    summary: "A data segment's labeling: the name, logo and support contacts its customers see",
    access: requireAny('labeling'),
    params: ZLabelingParams,
    response: successEnvelope(ZLabeling),
  }),
  save: endpoint({
    method: 'PUT',
    path: 'configurations/labeling/:dataSegmentId',
    tag,
    summary:
      "Save a data segment's labeling (only where the segment allows white labelling). The body quotes the version it was loaded at; a labeling changed since answers 409",
    access: requireAny('labeling'),
    params: ZLabelingParams,
    body: ZLabelingSave,
    response: successEnvelope(ZLabeling),
  }),
  publicLabel: endpoint({
    method: 'GET',
    path: 'configurations/labeling/:dataSegmentId/public',
    tag,
    summary:
      "What a segment's public onboarding screens show in place of the provider: name, client logo and support contacts (all null when the segment has none)",
    access: PUBLIC,
    params: ZLabelingParams,
    response: successEnvelope(ZPublicLabel),
  }),
};
