import type { TBlacklistEntry, TBlacklistEntryInput } from '@sanad/contracts/screening';
import { saveItem } from '../../../lib/list-api';

export type OwnListPage = 'sanad-list' | 'black-list';

/** Adds (POST) or edits (PUT …/{id}) an entry of the firm's own list; status toggles send the whole entry. */
export function saveBlacklistEntry(page: OwnListPage, entry: TBlacklistEntryInput & { _id?: string | null }) {
  return saveItem<TBlacklistEntry>(`screening-data/${page}`, entry);
}
