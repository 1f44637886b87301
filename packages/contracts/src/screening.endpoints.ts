import { z } from 'zod';
import { endpoint, requireAny } from './endpoint';
import { ZIdParams, ZMessageEnvelope, listEnvelope, successEnvelope } from './http';
import {
  ZBlacklistEntry,
  ZBlacklistEntryBody,
  ZBlacklistQuery,
  ZListActivation,
  ZListImport,
  ZListImportRequest,
  ZListVersion,
  ZReferenceEntry,
  ZReferencePage,
  ZReferenceQuery,
  ZScreenRequest,
  ZScreeningResult,
  ZScreeningThresholds,
  ZScreeningThresholdsBody,
  ZSegmentQuery,
  ZWatchListOverview,
} from './screening';

const tag = 'screening';

/**
 * Who may change what (docs/decisions/screening.md, issue 12 item 15): reading needs any screening
 * permission; importing a whole list, switching lists and thresholds need screening-list; a delta
 * list needs upload-delta-list; an entry of the firm's own list, being a one-row delta, needs
 * either. No write is open to a view-* permission alone.
 */
const MANAGES_LISTS = requireAny('screening-list');
const EDITS_OWN_LIST = requireAny('upload-delta-list', 'screening-list');
const READS_SCREENING_DATA = requireAny('view-screening-data', 'screening-list', 'upload-delta-list');

export const SCREENING_ENDPOINTS = {
  importList: endpoint({
    method: 'POST',
    path: 'screening-data/import/',
    tag,
    summary: 'Import an uploaded list file (any supported format); runs as a job',
    access: MANAGES_LISTS,
    body: ZListImportRequest,
    response: successEnvelope(ZListImport),
  }),
  importDelta: endpoint({
    method: 'POST',
    path: 'screening-data/importDelta/',
    tag,
    summary:
      'Apply an uploaded delta list (the Sanad list format with an action column, or a Dow Jones daily file); a change row updates only the fields it fills in',
    access: requireAny('upload-delta-list'),
    body: ZListImportRequest,
    response: successEnvelope(ZListImport),
  }),
  recentImports: endpoint({
    method: 'GET',
    path: 'screening-data/imports',
    tag,
    summary: 'Recent list imports of the data segment',
    access: READS_SCREENING_DATA,
    query: ZSegmentQuery,
    response: successEnvelope(z.array(ZListImport)),
  }),
  getImport: endpoint({
    method: 'GET',
    path: 'screening-data/imports/:id',
    tag,
    summary: 'Progress of one list import',
    access: READS_SCREENING_DATA,
    params: ZIdParams,
    response: successEnvelope(ZListImport),
  }),
  references: endpoint({
    method: 'GET',
    path: 'screening-data/references/:page',
    tag,
    summary: 'A vendor reference list (Dow Jones, World-Check)',
    access: requireAny('view-screening-data'),
    params: z.object({ page: ZReferencePage }),
    query: ZReferenceQuery,
    response: listEnvelope(ZReferenceEntry),
  }),
  blacklist: endpoint({
    method: 'GET',
    path: 'screening-data/sanad-list',
    tag,
    summary: "The segment's own list (the black-list page and the sanad-list page show it), filtered by status or hit type",
    access: READS_SCREENING_DATA,
    query: ZBlacklistQuery,
    response: listEnvelope(ZBlacklistEntry),
  }),
  addBlacklistEntry: endpoint({
    method: 'POST',
    path: 'screening-data/sanad-list',
    tag,
    summary: "Add an entry to the segment's own list",
    access: EDITS_OWN_LIST,
    body: ZBlacklistEntryBody,
    response: successEnvelope(ZBlacklistEntry),
  }),
  updateBlacklistEntry: endpoint({
    method: 'PUT',
    path: 'screening-data/sanad-list/:id',
    tag,
    summary: "Edit, archive or activate an entry of the segment's own list",
    access: EDITS_OWN_LIST,
    params: ZIdParams,
    body: ZBlacklistEntryBody,
    response: successEnvelope(ZBlacklistEntry),
  }),
  watchLists: endpoint({
    method: 'GET',
    path: 'screening/lists',
    tag,
    summary: 'Watch lists of the data segment with their owner (shared or this segment) and current version',
    access: requireAny('screening-list', 'view-screening-data'),
    query: ZSegmentQuery,
    response: successEnvelope(z.array(ZWatchListOverview)),
  }),
  setListActive: endpoint({
    method: 'PUT',
    path: 'screening/lists/:id',
    tag,
    summary: 'Switch a list on or off for the data segment',
    access: MANAGES_LISTS,
    params: ZIdParams,
    body: ZListActivation,
    response: ZMessageEnvelope,
  }),
  listVersions: endpoint({
    method: 'GET',
    path: 'screening/lists/:id/versions',
    tag,
    summary: "A list's versions with the entities added, changed and removed by each",
    access: requireAny('screening-list', 'view-screening-data'),
    params: ZIdParams,
    query: ZSegmentQuery,
    response: successEnvelope(z.array(ZListVersion)),
  }),
  screen: endpoint({
    method: 'POST',
    path: 'screening/screen',
    tag,
    summary: "Screen one name against the data segment's active lists; each hit carries its score and explanation",
    // A POST (names and birth dates stay out of addresses and logs) that records the check in the
    // audit trail, so it needs a permission that works with customers' data, not a view-* one.
    access: requireAny('screening-list', 'register-customer', 'register-company', 'initiate-simulation-process'),
    body: ZScreenRequest,
    response: successEnvelope(ZScreeningResult),
  }),
  thresholds: endpoint({
    method: 'GET',
    path: 'screening/settings',
    tag,
    summary: 'Alert thresholds per hit type',
    access: requireAny('screening-list', 'view-screening-data'),
    query: ZSegmentQuery,
    response: successEnvelope(ZScreeningThresholds),
  }),
  saveThresholds: endpoint({
    method: 'PUT',
    path: 'screening/settings',
    tag,
    summary: 'Save the alert thresholds per hit type',
    access: MANAGES_LISTS,
    body: ZScreeningThresholdsBody,
    response: successEnvelope(ZScreeningThresholds),
  }),
};
