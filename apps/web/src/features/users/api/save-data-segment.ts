import type { z } from 'zod';
import type { ZDataSegmentInput } from '@sanad/contracts/data-segments';
import { DATA_SEGMENT_ENDPOINTS } from '@sanad/contracts/data-segments.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** POST users/data-segments for a new segment, PUT access-control/data-segments/{id} otherwise. */
export function saveDataSegment({ _id: id, ...input }: z.input<typeof ZDataSegmentInput> & { _id?: string | null }) {
  if (id) return api(DATA_SEGMENT_ENDPOINTS.update, { params: { id }, body: input });
  return api(DATA_SEGMENT_ENDPOINTS.create, { body: { ...input, dataSegmentId: getActiveDataSegmentId() ?? undefined } });
}
