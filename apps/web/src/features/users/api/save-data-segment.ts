import type { TDataSegmentRow } from '@sanad/contracts/data-segments';
import { api, type Envelope } from '../../../lib/api-client';
import { getActiveDataSegmentId } from '../../../lib/session';

export const DATA_SEGMENTS_PATH = 'access-control/data-segments/';

/** POST users/data-segments for a new segment, PUT access-control/data-segments/{id} otherwise (001 §7). */
export function saveDataSegment(item: Record<string, unknown> & { _id?: string | null }): Promise<Envelope<TDataSegmentRow>> {
  const { _id: id, ...body } = item;
  if (id) return api.put<TDataSegmentRow>(`access-control/data-segments/${id}`, body);
  return api.post<TDataSegmentRow>('users/data-segments', { ...body, dataSegmentId: getActiveDataSegmentId() ?? undefined });
}
