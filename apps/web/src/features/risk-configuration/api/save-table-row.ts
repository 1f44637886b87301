import type { TConfigChangeResult } from '@sanad/contracts/risk-configuration';
import type { Envelope } from '../../../lib/api-client';
import { saveItem } from '../../../lib/list-api';
import { activeSegment, tablePath } from './keys';

/**
 * The generic save: POST configurations/risk/{page} for a new row, PUT …/{id} for an edit or a status
 * toggle (the whole item with its new status). The active segment goes with both.
 */
export function saveTableRow<T>(page: string, item: object & { _id?: string | null }): Promise<Envelope<TConfigChangeResult<T>>> {
  const body: Record<string, unknown> & { _id?: string | null } = { ...item, dataSegmentId: activeSegment() };
  return saveItem<TConfigChangeResult<T>>(tablePath(page), body);
}
