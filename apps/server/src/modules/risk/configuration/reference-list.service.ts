/**
 * Reference dropdowns of the registration forms (GET /configurations/{genders|nationalities}
 * with dataSegmentId, status active, perPage 1000, ref dropdown). They are served from the factor
 * tables through the engine's listReferenceOptions, so the code a form stores is the code the
 * engine scores, and archiving a value takes it out of the dropdown.
 */
import type { TListQuery } from '@sanad/contracts/http';
import type { TReferenceOption } from '@sanad/contracts/risk-configuration';
import { REFERENCE_LISTS, listReferenceOptions } from '@sanad/risk/engine-pages';
import type { Database } from '../../../platform/db/database';
import { AppError } from '../../../platform/http/app-error';
import type { Page } from '../../../platform/http/envelope';
import { isSegmentInService } from './risk-config.repository';
import { getCurrentModel } from './risk-model-cache';
import { systemSegment } from '../segment-ref';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function createReferenceListService({ db }: { db: Database }) {
  return {
    /**
     * Public: the public registration links show these before anyone signs in. Only active values'
     * codes and titles of a segment in service are answered.
     */
    async list(list: string, query: TListQuery): Promise<Page<TReferenceOption>> {
      const factor = REFERENCE_LISTS[list];
      if (!factor) throw AppError.notFound();
      const segmentId = query.dataSegmentId;
      if (!segmentId || !UUID.test(segmentId)) throw AppError.field('dataSegmentId', 'dataSegmentId is required');
      if (query.status && query.status !== 'active') throw AppError.field('status', 'Only active values are listed');
      if (!(await isSegmentInService(db, segmentId))) throw AppError.notFound();
      // Read only: a public GET never seeds; a segment with nothing stored lists the defaults.
      const model = await getCurrentModel(db, systemSegment(segmentId), { isReadOnly: true });
      const keyword = query.keyword?.toLowerCase() ?? '';
      const options = listReferenceOptions(model.config, factor)
        .filter((option) => keyword === '' || option.title.toLowerCase().includes(keyword) || option.code.toLowerCase() === keyword)
        .map((option): TReferenceOption => ({ _id: option.code, code: option.code, title: option.title, status: 'active' }));
      const start = (query.startAt - 1) * query.perPage;
      return { rows: options.slice(start, start + query.perPage), total: options.length };
    },
  };
}

export type ReferenceListService = ReturnType<typeof createReferenceListService>;
