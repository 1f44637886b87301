import type { TListImport, TListImportRequest } from '@sanad/contracts/screening';
import { importList } from '@sanad/screening/importers/list-importer';
import { sourceFromFiles } from '@sanad/screening/importers/list-source';
import { ListImportError } from '@sanad/screening/importers/list-import-error';
import { STARTER_DIR, loadStarterBundle } from '@sanad/screening/importers/starter-bundle';
import type { ListFormat, ReferenceLists } from '@sanad/screening/importers/import-result';
import { applyDelta } from '@sanad/screening/versions/delta-apply';
import type { Database, Queryable } from '../../platform/db/database';
import type { FileVault } from '../../platform/storage/file-vault';
import type { JobQueue } from '../../platform/jobs/job-queue';
import { appendAudit } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { archiveBlacklistEntries, upsertBlacklistEntities } from './blacklist.repository';
import { SANAD_LIST_KEY, snapshotBlacklist } from './blacklist.service';
import {
  getListImport,
  getListImportInScope,
  hasImportInProgress,
  insertListImport,
  listRecentImports,
  markImport,
  type ListImportRow,
} from './list-import.repository';
import { storeNewVersion } from './version-store';
import { ensureWatchList, findWatchList, loadVersionEntities, replaceReferences } from './watch-list.repository';

export const LIST_IMPORT_JOB = 'screening.import';
export const STARTER_BUNDLE_JOB = 'screening.load-starter';
export const BULK_UPLOAD_IN_PROCESS = 'Bulk Upload is already in process';

/** Lists published by governments: an installation administrator's upload refreshes the shared copy. */
const PUBLIC_LISTS = new Set(['un', 'ofac-sdn', 'ofac-cons', 'bis-dpl', 'uk-ofsi', 'uk-fcdo', 'eu-fsf']);
const LIST_TITLES: Record<string, string> = {
  un: 'UN Security Council consolidated list',
  'ofac-sdn': 'OFAC Specially Designated Nationals',
  'ofac-cons': 'OFAC consolidated (non-SDN) lists',
  'bis-dpl': 'US BIS Denied Persons List',
  'uk-ofsi': 'UK OFSI consolidated list',
  'uk-fcdo': 'UK FCDO sanctions list',
  'eu-fsf': 'EU financial sanctions file',
  dowjones: 'Dow Jones Risk & Compliance',
  worldcheck: 'Refinitiv World-Check',
  ftm: 'OpenSanctions (FollowTheMoney)',
};

export function toListImport(row: ListImportRow): TListImport {
  return {
    _id: row.id,
    kind: row.kind,
    format: row.format,
    status: row.status,
    percentage: row.percentage,
    errorRow: row.error_row,
    errorReason: row.error_reason,
    warningCount: row.warning_count,
    listKey: row.list_key,
    versionNo: row.version_no,
    createdAt: row.created_at.toISOString(),
    finishedAt: row.finished_at?.toISOString() ?? null,
  };
}

/** Whether the user sees every segment: only such an installation administrator refreshes shared lists. */
async function seesAllSegments(tx: Queryable, userId: string | null): Promise<boolean> {
  if (!userId) return false;
  const result = await tx.query<{ all: boolean }>('select cardinality(data_segment_ids) = 0 as all from users where id = $1', [userId]);
  return result.rows[0]?.all ?? false;
}

export function createListImportService(deps: { db: Database; vault: FileVault; jobs: JobQueue | null; onListsChanged: () => void }) {
  const { db, vault } = deps;

  async function loadReferencesOf(listId: string): Promise<ReferenceLists> {
    const result = await db.query<{ page: string; code: string; name: string }>(
      'select page, code, name from screening_references where list_id = $1',
      [listId],
    );
    const references: ReferenceLists = {};
    for (const row of result.rows) (references[row.page] ??= []).push({ code: row.code, name: row.name });
    return references;
  }

  /** The import itself, run by the job: all of it is stored in one transaction, or none of it. */
  async function runImport(row: ListImportRow, userSeesAll: boolean): Promise<void> {
    await markImport(db, row.id, { status: 'processing', percentage: 10 });
    const stored = await vault.read(row.file_name);
    if (!stored || stored.file.dataSegmentId !== row.data_segment_id)
      throw new ListImportError('the uploaded file is no longer available', null);
    const source = sourceFromFiles({ [stored.file.originalName]: stored.body });
    const format = row.format as ListFormat;
    const meta = { fileName: row.file_name, importedBy: row.created_by };

    if (format === 'csv') {
      const result = await importList('csv', source, { list: SANAD_LIST_KEY });
      await markImport(db, row.id, { percentage: 50 });
      if (row.kind === 'delta' && !result.delta)
        throw new ListImportError("a delta list needs the 'action' column (add, change or delete)", 1);
      const outcome = await db.transaction(async (tx) => {
        await upsertBlacklistEntities(tx, row.data_segment_id, result.entities, row.created_by);
        if (result.delta) await archiveBlacklistEntries(tx, row.data_segment_id, { ids: result.delta.deleted });
        else await archiveBlacklistEntries(tx, row.data_segment_id, { keep: result.entities.map((entity) => entity.id) });
        const version = await snapshotBlacklist(tx, row.data_segment_id, { source: result.delta ? 'delta' : 'upload', ...meta });
        const list = await findWatchList(tx, SANAD_LIST_KEY, row.data_segment_id);
        return { version, listId: list?.id, warnings: result.warnings.length };
      });
      await finish(row, outcome.listId, outcome.version.version?.id ?? null, outcome.warnings);
      return;
    }

    if (row.kind === 'delta') {
      if (format !== 'dowjones')
        throw new ListImportError('delta files are read in the Sanad list format or as Dow Jones daily files', null);
      const list = await findWatchList(db, 'dowjones', row.data_segment_id);
      if (!list?.current_version_id) throw new ListImportError('import a full Dow Jones file before its daily deltas', null);
      const result = await importList('dowjones', source, { references: await loadReferencesOf(list.id) });
      const current = await loadVersionEntities(db, list.current_version_id);
      const applied = applyDelta(current, result);
      await markImport(db, row.id, { percentage: 60 });
      const version = await db.transaction((tx) =>
        storeNewVersion(tx, list, { entities: applied.entities, asOf: result.asOf, source: 'delta', ...meta }),
      );
      await finish(row, list.id, version.version?.id ?? null, result.warnings.length + applied.warnings.length);
      return;
    }

    const result = await importList(format, source);
    await markImport(db, row.id, { percentage: 50 });
    const owner = userSeesAll && PUBLIC_LISTS.has(result.list) ? null : row.data_segment_id;
    const outcome = await db.transaction(async (tx) => {
      const list = await ensureWatchList(tx, {
        key: result.list,
        dataSegmentId: owner,
        title: LIST_TITLES[result.list] ?? result.list,
        format,
        publisher: '',
      });
      const version = await storeNewVersion(tx, list, { entities: result.entities, asOf: result.asOf, source: 'upload', ...meta });
      if (result.references) await replaceReferences(tx, list.id, result.references);
      return { listId: list.id, versionId: version.version?.id ?? null };
    });
    await finish(row, outcome.listId, outcome.versionId, result.warnings.length);
  }

  async function finish(row: ListImportRow, listId: string | undefined, versionId: string | null, warningCount: number): Promise<void> {
    await db.transaction(async (tx) => {
      await markImport(tx, row.id, { status: 'completed', percentage: 100, ...(listId ? { listId } : {}), versionId, warningCount });
      await appendAudit(tx, {
        dataSegmentId: row.data_segment_id,
        actor: row.created_by ? { id: row.created_by, name: '' } : null,
        module: 'screening_data',
        action: row.kind === 'delta' ? 'imported_delta_list' : 'imported_screening_list',
        entityType: 'list_import',
        entityId: row.id,
        summary: `Imported a ${row.format} ${row.kind === 'delta' ? 'delta' : 'list'} file`,
      });
    });
    deps.onListsChanged();
  }

  return {
    /**
     * Queues the import of an uploaded file. One import per segment at a time: a second is refused
     * with the spec's message while the first runs.
     */
    async requestImport(actor: Actor, kind: 'full' | 'delta', request: TListImportRequest, meta: RequestMeta): Promise<TListImport> {
      const dataSegmentId = targetSegment(actor, request.dataSegmentId);
      const file = await vault.describe(request.fileName);
      if (!file || file.dataSegmentId !== dataSegmentId) throw AppError.field('fileName', 'Upload the file first');
      if (await hasImportInProgress(db, dataSegmentId)) throw AppError.field('fileName', BULK_UPLOAD_IN_PROCESS);
      const id = await db.transaction(async (tx) => {
        const created = await insertListImport(tx, {
          dataSegmentId,
          kind,
          format: request.format,
          fileName: request.fileName,
          createdBy: actor.userId,
        });
        await appendAudit(tx, {
          dataSegmentId,
          actor: { id: actor.userId, name: actor.name },
          module: 'screening_data',
          action: kind === 'delta' ? 'uploaded_delta_list' : 'uploaded_screening_list',
          entityType: 'list_import',
          entityId: created,
          summary: `Queued a ${request.format} ${kind} import`,
          ip: meta.ip,
          requestId: meta.requestId,
        });
        return created;
      });
      if (deps.jobs) await deps.jobs.send(LIST_IMPORT_JOB, { importId: id }, { singletonKey: id });
      const row = await getListImport(db, id);
      if (!row) throw AppError.notFound();
      return toListImport(row);
    },

    async getImport(actor: Actor, id: string): Promise<TListImport> {
      const row = await getListImportInScope(db, actor.segments, id);
      if (!row) throw AppError.notFound();
      return toListImport(row);
    },

    async recentImports(actor: Actor, requestedSegment: string | undefined): Promise<TListImport[]> {
      const dataSegmentId = resolveRequestedSegment(actor.segments, requestedSegment) ?? actor.activeSegmentId;
      if (!dataSegmentId) return [];
      return (await listRecentImports(db, dataSegmentId)).map(toListImport);
    },

    /**
     * The job. Idempotent: a finished import is left alone, and a run cut short leaves no version
     * behind (each store is one transaction), so running it again starts cleanly.
     */
    async processImport(importId: string): Promise<void> {
      const row = await getListImport(db, importId);
      if (!row || row.status === 'completed' || row.status === 'failed') return;
      try {
        await runImport(row, await seesAllSegments(db, row.created_by));
      } catch (error) {
        const isFileProblem = error instanceof ListImportError;
        await markImport(db, row.id, {
          status: 'failed',
          errorRow: isFileProblem ? error.row : null,
          errorReason: isFileProblem ? error.reason : 'There is something wrong',
        });
        if (!isFileProblem) throw error;
      }
    },

    /**
     * Loads the public lists shipped with Sanad (UN, OFAC SDN, OFAC consolidated, BIS DPL) as shared
     * lists. Safe to run again: a list whose stored content is the same gets no new version.
     */
    async loadStarterLists(dir: string = STARTER_DIR): Promise<number> {
      const bundle = await loadStarterBundle(dir);
      let created = 0;
      for (const { list, result } of bundle) {
        const stored = await db.transaction(async (tx) => {
          const watchList = await ensureWatchList(tx, {
            key: list.key,
            dataSegmentId: null,
            title: LIST_TITLES[list.key] ?? list.key,
            format: list.format,
            publisher: list.publisher,
          });
          // Never replace a newer list an administrator imported with the older starter file.
          if (watchList.current_version_id) return null;
          return storeNewVersion(tx, watchList, {
            entities: result.entities,
            asOf: result.asOf,
            source: 'starter',
            fileName: null,
            importedBy: null,
          });
        });
        if (stored?.version) created += 1;
      }
      if (created > 0) deps.onListsChanged();
      return created;
    },
  };
}

export type ListImportService = ReturnType<typeof createListImportService>;
