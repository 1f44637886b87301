import { z } from 'zod';
import { SIGNED_IN, endpoint, requireAny } from './endpoint';
import { ZLooseIdParams, listEnvelope, successEnvelope } from './http';
import { ZDataSegmentInput, ZDataSegmentRow, ZSegmentChoice, ZSegmentListQuery, ZSegmentUsage } from './data-segments';

const tag = 'data segments';

/**
 * Data segments, the client tenants. The spec names these paths: the list under access-control
 * (with a trailing slash; the server answers without it too), the create under users.
 */
export const DATA_SEGMENT_ENDPOINTS = {
  list: endpoint({
    method: 'GET',
    path: 'access-control/data-segments/',
    tag,
    summary: 'List the data segments the user may see',
    access: requireAny('view-data-segments', 'manage-data-segments'),
    query: ZSegmentListQuery,
    response: listEnvelope(ZDataSegmentRow),
  }),
  create: endpoint({
    method: 'POST',
    path: 'users/data-segments',
    tag,
    summary: 'Create a data segment with the default roles; with a contact e-mail, invite its Administrator',
    access: requireAny('manage-data-segments'),
    body: ZDataSegmentInput,
    response: successEnvelope(ZDataSegmentRow),
  }),
  update: endpoint({
    method: 'PUT',
    path: 'access-control/data-segments/:id',
    tag,
    summary: 'Edit a data segment; a changed status archives or activates it',
    access: requireAny('manage-data-segments'),
    params: ZLooseIdParams,
    body: ZDataSegmentInput,
    response: successEnvelope(ZDataSegmentRow),
  }),
  /** What the trial banner reads. */
  usage: endpoint({
    method: 'GET',
    path: 'users/data-segment/:dataSegmentId',
    tag,
    summary: 'Tier, subscription and successful onboards of a segment the user works in',
    access: SIGNED_IN,
    params: z.object({ dataSegmentId: z.string().max(100) }),
    response: successEnvelope(ZSegmentUsage),
  }),
  /** What the header's segment switcher offers. */
  choices: endpoint({
    method: 'GET',
    path: 'users/data-segments',
    tag,
    summary: 'The active data segments the user may switch to',
    access: SIGNED_IN,
    response: successEnvelope(z.array(ZSegmentChoice)),
  }),
};
