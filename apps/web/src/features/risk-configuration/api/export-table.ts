import { download } from '../../../lib/api-client';
import { activeSegment, tablePath } from './keys';

/** GET configurations/risk/{page}/export: the whole table as CSV. */
export function exportTable(page: string): Promise<void> {
  return download(`${tablePath(page)}/export`, { dataSegmentId: activeSegment() });
}
