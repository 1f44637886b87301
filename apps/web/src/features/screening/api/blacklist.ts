import type { TBlacklistEntryInput } from '@sanad/contracts/screening';
import { SCREENING_ENDPOINTS } from '@sanad/contracts/screening.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

/** Adds an entry of the firm's own list (POST), or edits one (PUT …/{id}); status toggles send the whole entry. */
export function saveBlacklistEntry({ _id: id, ...entry }: TBlacklistEntryInput & { _id?: string | null }) {
  if (id) return api(SCREENING_ENDPOINTS.updateBlacklistEntry, { params: { id }, body: entry });
  return api(SCREENING_ENDPOINTS.addBlacklistEntry, { body: { ...entry, dataSegmentId: getActiveDataSegmentId() ?? undefined } });
}
