import type { TCsvImportResult } from '@sanad/contracts/risk-configuration';
import { api, type Envelope } from '../../../lib/api-client';
import { activeSegment, tablePath } from './keys';

/** POST configurations/risk/{page}/import: the file's text; all rows apply or none. */
export function importTable(page: string, file: { name: string; content: string }): Promise<Envelope<TCsvImportResult>> {
  return api.post<TCsvImportResult>(`${tablePath(page)}/import`, {
    dataSegmentId: activeSegment(),
    fileName: file.name,
    content: file.content,
  });
}
