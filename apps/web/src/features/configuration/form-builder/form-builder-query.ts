import { queryOptions } from '@tanstack/react-query';
import type { TFormPage } from '@sanad/contracts/form-builder';
import { FORM_BUILDER_ENDPOINTS } from '@sanad/contracts/form-builder.endpoints';
import { api } from '../../../lib/api';
import { getActiveDataSegmentId } from '../../../lib/session';

export const segmentQuery = () => {
  const dataSegmentId = getActiveDataSegmentId();
  return dataSegmentId ? { dataSegmentId } : {};
};

/** A page's draft and the version in force, in the active data segment. */
export const formStateQuery = (page: TFormPage) =>
  queryOptions({
    queryKey: ['form-builder', 'form', getActiveDataSegmentId(), page],
    queryFn: async ({ signal }) => (await api(FORM_BUILDER_ENDPOINTS.form, { params: { page }, query: segmentQuery() }, { signal })).data,
  });

export const formVersionsQuery = (page: TFormPage) =>
  queryOptions({
    queryKey: ['form-builder', 'versions', getActiveDataSegmentId(), page],
    queryFn: async ({ signal }) =>
      (await api(FORM_BUILDER_ENDPOINTS.versions, { params: { page }, query: segmentQuery() }, { signal })).data,
  });
