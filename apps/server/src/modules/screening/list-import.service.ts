import { SCREENING_MESSAGES, type TListImport, type TListImportRequest } from '@sanad/contracts/screening';
import { importList } from '@sanad/screening/importers/list-importer';
import { sourceFromFiles } from '@sanad/screening/importers/list-source';
import { ListImportError } from '@sanad/screening/importers/list-import-error';
import { STARTER_DIR, loadStarterBundle } from '@sanad/screening/importers/starter-bundle';
import type { ListFormat } from '@sanad/screening/importers/import-result';
import { applyDelta } from '@sanad/screening/versions/delta-apply';
import type { Database, Queryable } from '../../platform/db/database';
import type { FileVault } from '../../platform/storage/file-vault';
import { pauseBetweenBatches } from '../../platform/jobs/batch-pause';
import type { JobQueue, JobSummary } from '../../platform/jobs/job-queue';
import { SYSTEM_SOURCE, appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { resolveRequestedSegment } from '../../platform/tenancy/scope';
import { targetSegment } from '../../platform/tenancy/target-segment';
import { archiveBlacklistEntries, blacklistEntitiesById, upsertBlacklistEntities } from './blacklist.repository';
import { SANAD_LIST_KEY } from './blacklist-entry';
import { snapshotBlacklist } from './blacklist.service';
import {
  completeListImport,
  failListImport,
  getListImport,
  getListImportInScope,
  getListImportJob,
  hasImportInProgress,
  insertListImport,
  listRecentImports,
  lockListImport,
  markImportProgress,
  type ListImportJob,
} from './list-import.repository';
import { loadReferences, replaceReferences } from './reference.repository';
import { storeNewVersion } from './version-store';
import { ensureWatchList, findWatchList, hasSharedLists, loadVersionEntities, notifyListsChanged } from './watch-list.repository';

export const LIST_IMPORT_JOB = 'screening.import';
export const STARTER_BUNDLE_JOB = 'screening.load-starter';

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

/** What an import stores, run inside the transaction that also completes the import. */
interface ImportOutcome {
  listId: string | null;
  versionId: string | null;
  warningCount: number;
  /** Entities read from the file (for the job's summary line). */
  entityCount: number;
}
type StoreImport = (tx: Queryable) => Promise<ImportOutcome>;

export interface ListImportDeps {
  db: Database;
  vault: FileVault;
  /** Null where no job queue runs (API tests): the import then waits until its job is run by hand. */
  jobs: JobQueue | null;
  /** Called after a list change commits: this process rebuilds its screening index. */
  onListsChanged: () => void;
  /** Called in the transaction that stored a new list version: the customers' re-screening is asked for there. */
  onVersionStored?: (tx: Queryable, versionId: string) => Promise<void>;
  /** A test hook: stops the process at a named point (the crash tests); does nothing otherwise. */
  crashPoint?: (point: string) => void;
}

export function createListImportService(deps: ListImportDeps) {
  const { db, vault } = deps;

  /**
   * Reads the file and prepares what to store; reading a large file takes minutes, so it runs
   * outside any transaction. A refused file throws a ListImportError with the row and reason.
   */
  async function prepareImport(row: ListImportJob): Promise<StoreImport> {
    const stored = await vault.read(row.fileName);
    if (!stored || stored.file.dataSegmentId !== row.dataSegmentId)
      throw new ListImportError('the uploaded file is no longer available', null);
    const source = sourceFromFiles({ [stored.file.originalName]: stored.body });
    const format = row.format as ListFormat;
    const meta = { fileName: row.fileName, importedBy: row.createdBy };

    if (format === 'csv') {
      // A change row of a delta applies to the entry as it is now, archived or not.
      const current = row.kind === 'delta' ? await blacklistEntitiesById(db, row.dataSegmentId) : undefined;
      const result = await importList('csv', source, { list: SANAD_LIST_KEY, ...(current ? { current } : {}) });
      if (row.kind === 'delta' && !result.delta)
        throw new ListImportError("a delta list needs the 'action' column (add, change or delete)", 1);
      return async (tx) => {
        await upsertBlacklistEntities(tx, row.dataSegmentId, result.entities, row.createdBy);
        if (result.delta) await archiveBlacklistEntries(tx, row.dataSegmentId, { ids: result.delta.deleted });
        else await archiveBlacklistEntries(tx, row.dataSegmentId, { keep: result.entities.map((entity) => entity.id) });
        const version = await snapshotBlacklist(tx, row.dataSegmentId, { source: result.delta ? 'delta' : 'upload', ...meta });
        const list = await findWatchList(tx, SANAD_LIST_KEY, row.dataSegmentId);
        return {
          listId: list?.id ?? null,
          versionId: version.version?.id ?? null,
          warningCount: result.warnings.length,
          entityCount: result.entities.length,
        };
      };
    }

    if (row.kind === 'delta') {
      if (format !== 'dowjones')
        throw new ListImportError('delta files are read in the Sanad list format or as Dow Jones daily files', null);
      const list = await findWatchList(db, 'dowjones', row.dataSegmentId);
      if (!list?.currentVersionId) throw new ListImportError('import a full Dow Jones file before its daily deltas', null);
      const result = await importList('dowjones', source, { references: await loadReferences(db, list.id) });
      const applied = applyDelta(await loadVersionEntities(db, list.currentVersionId), result);
      return async (tx) => {
        const version = await storeNewVersion(tx, list, { entities: applied.entities, asOf: result.asOf, source: 'delta', ...meta });
        return {
          listId: list.id,
          versionId: version.version?.id ?? null,
          warningCount: result.warnings.length + applied.warnings.length,
          entityCount: applied.entities.length,
        };
      };
    }

    const result = await importList(format, source);
    // A segment's own copy of a public list replaces the shared copy for that segment only.
    const owner = row.mayRefreshShared && PUBLIC_LISTS.has(result.list) ? null : row.dataSegmentId;
    return async (tx) => {
      const list = await ensureWatchList(tx, {
        key: result.list,
        dataSegmentId: owner,
        title: LIST_TITLES[result.list] ?? result.list,
        format,
        publisher: '',
      });
      const version = await storeNewVersion(tx, list, { entities: result.entities, asOf: result.asOf, source: 'upload', ...meta });
      if (result.references) await replaceReferences(tx, list.id, result.references);
      return {
        listId: list.id,
        versionId: version.version?.id ?? null,
        warningCount: result.warnings.length,
        entityCount: result.entities.length,
      };
    };
  }

  /**
   * Stores the import's lists, its completion and its audit entry in one transaction, under a lock
   * on the import: a second run of the same import (a job taken back after a crash) finds it
   * completed and stores nothing.
   */
  async function storeImport(importId: string, store: StoreImport): Promise<ImportOutcome | null> {
    const stored = await db.transaction(async (tx) => {
      const row = await lockListImport(tx, importId);
      if (!row || row.status === 'completed' || row.status === 'failed') return null;
      const outcome = await store(tx);
      await completeListImport(tx, importId, outcome);
      if (outcome.versionId) await deps.onVersionStored?.(tx, outcome.versionId);
      await appendAudit(tx, {
        dataSegmentId: row.dataSegmentId,
        source: { ...SYSTEM_SOURCE, actor: row.createdBy ? { id: row.createdBy, name: '' } : null },
        module: 'screening_data',
        action: row.kind === 'delta' ? 'imported_delta_list' : 'imported_screening_list',
        entityType: 'list_import',
        entityId: row.id,
        summary: `Imported a ${row.format} ${row.kind === 'delta' ? 'delta' : 'list'} file`,
      });
      await notifyListsChanged(tx);
      return outcome;
    });
    if (stored) deps.onListsChanged();
    return stored;
  }

  return {
    /**
     * Queues the import of an uploaded file: the import row, its audit entry and its job commit
     * together, so a crash can neither lose the job nor leave the row queued without one. One
     * import per segment at a time: a second is refused with the spec's message while one runs.
     */
    async requestImport(actor: Actor, kind: 'full' | 'delta', request: TListImportRequest, meta: RequestMeta): Promise<TListImport> {
      const dataSegmentId = targetSegment(actor, request.dataSegmentId);
      const file = await vault.describe(request.fileName);
      if (!file || file.dataSegmentId !== dataSegmentId) throw AppError.field('fileName', SCREENING_MESSAGES.uploadFirst);
      const id = await db.transaction(async (tx) => {
        if (await hasImportInProgress(tx, dataSegmentId)) throw AppError.field('fileName', SCREENING_MESSAGES.importInProgress);
        const created = await insertListImport(tx, {
          dataSegmentId,
          kind,
          format: request.format,
          fileName: request.fileName,
          createdBy: actor.userId,
          mayRefreshShared: actor.segments.all,
        });
        await appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'screening_data',
          action: kind === 'delta' ? 'uploaded_delta_list' : 'uploaded_screening_list',
          entityType: 'list_import',
          entityId: created,
          summary: `Queued a ${request.format} ${kind} import`,
        });
        await deps.jobs?.send(LIST_IMPORT_JOB, { importId: created }, { tx });
        return created;
      });
      deps.crashPoint?.('list-import-commit');
      const row = await getListImport(db, id);
      if (!row) throw AppError.notFound();
      return row;
    },

    async getImport(actor: Actor, id: string): Promise<TListImport> {
      const row = await getListImportInScope(db, actor.segments, id);
      if (!row) throw AppError.notFound();
      return row;
    },

    async recentImports(actor: Actor, requestedSegment: string | undefined): Promise<TListImport[]> {
      const dataSegmentId = resolveRequestedSegment(actor.segments, requestedSegment) ?? actor.activeSegmentId;
      if (!dataSegmentId) return [];
      return listRecentImports(db, dataSegmentId);
    },

    /**
     * The job. Restartable: a run cut short (the process died while reading the file) left nothing
     * stored, so running it again from the start completes it; a finished import is left alone.
     * Answers what it did, for the job's summary line.
     */
    async processImport(importId: string): Promise<JobSummary> {
      const row = await getListImportJob(db, importId);
      if (!row || row.status === 'completed' || row.status === 'failed') return { items: 0, note: 'already finished' };
      try {
        await markImportProgress(db, row.id, 10);
        const store = await prepareImport(row);
        await markImportProgress(db, row.id, 50);
        deps.crashPoint?.('list-import-prepared');
        const outcome = await storeImport(row.id, store);
        return {
          items: outcome?.entityCount ?? 0,
          note: outcome ? `import ${row.id} (${row.format} ${row.kind})` : `import ${row.id} already stored`,
        };
      } catch (error) {
        const isFileProblem = error instanceof ListImportError;
        await failListImport(db, row.id, {
          row: isFileProblem ? error.row : null,
          reason: isFileProblem ? error.reason : 'There is something wrong',
        });
        if (!isFileProblem) throw error;
        return { items: 0, note: `import ${row.id} refused: ${error.reason}` };
      }
    },

    /** On a first start (no shared list yet), queues the loading of the starter bundle. */
    async queueStarterListsIfNone(jobs: JobQueue): Promise<void> {
      if (!(await hasSharedLists(db))) await jobs.send(STARTER_BUNDLE_JOB, {}, { singletonKey: STARTER_BUNDLE_JOB });
    },

    /**
     * Loads the public lists shipped with Sanad (UN, OFAC SDN, OFAC consolidated, BIS DPL) as shared
     * lists. Safe to run again: a list that already has a version is left as it is.
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
          if (watchList.currentVersionId) return null;
          const version = await storeNewVersion(tx, watchList, {
            entities: result.entities,
            asOf: result.asOf,
            source: 'starter',
            fileName: null,
            importedBy: null,
          });
          await notifyListsChanged(tx);
          return version;
        });
        if (stored?.version) created += 1;
        // Each list is its own transaction: requests waiting for the database go between two.
        await pauseBetweenBatches(db);
      }
      if (created > 0) deps.onListsChanged();
      return created;
    },
  };
}

export type ListImportService = ReturnType<typeof createListImportService>;
