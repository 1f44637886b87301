/**
 * The table pages of the sanad-engine screens: list, add, edit (including archive/activate, which
 * sends the whole item with its new status), CSV export and CSV import. Every change runs in one
 * transaction that ends with commitConfigChange: a new configuration version, or nothing at all.
 */
import { fieldErrorsOf } from '@sanad/contracts/field-errors';
import type { TListQuery } from '@sanad/contracts/http';
import type { TConfigChangeResult, TCsvImportResult } from '@sanad/contracts/risk-configuration';
import type { Actor } from '../../../platform/auth/access';
import { appendAudit } from '../../../platform/audit/audit-log';
import type { Database, Queryable } from '../../../platform/db/database';
import { AppError, type FieldErrors } from '../../../platform/http/app-error';
import { CsvSyntaxError, formatCsv, readCsvRecords } from '../../../platform/http/csv';
import type { Page } from '../../../platform/http/envelope';
import type { RequestMeta } from '../../../platform/http/request-meta';
import { commitConfigChange, type ChangeOutcome } from '../configuration/risk-config-change';
import { findCurrentVersion, lockSettings } from '../configuration/risk-config.repository';
import { ensureRiskConfiguration } from '../configuration/risk-seed';
import { findConfigSegment } from '../segment-access';
import { type SegmentRef } from '../segment-ref';
import type { TablePage, TableRow } from './table-page';
import { getTablePage } from './table-pages';
import { capitalise, parseWith } from '../validation';

const MAX_REPORTED_ERRORS = 50;

const actorOf = (actor: Actor) => ({ id: actor.userId, name: actor.name });
const segmentOfBody = (body: unknown): string | undefined => {
  const value = (body as { dataSegmentId?: unknown } | null)?.dataSegmentId;
  return typeof value === 'string' ? value : undefined;
};

export function changeMessage(base: string, outcome: Pick<ChangeOutcome, 'isChanged' | 'version'>): string {
  return outcome.isChanged ? `${base}. Configuration version ${outcome.version.seq} is now in force` : 'No changes to save';
}

/** Every change starts here: the segment's configuration seeded if it was not, and locked until the commit. */
export async function beginChange(tx: Queryable, segment: SegmentRef): Promise<void> {
  await ensureRiskConfiguration(tx, segment);
  await lockSettings(tx, segment);
}

async function findDuplicate(
  tx: Queryable,
  segment: SegmentRef,
  handler: TablePage<TableRow, unknown>,
  key: string,
  exceptId: string | null,
): Promise<TableRow | null> {
  const rows = await handler.all(tx, segment);
  return rows.find((row) => row._id !== exceptId && handler.keyOf(row) === key) ?? null;
}

export function createRiskTableService({ db }: { db: Database }) {
  // Reads never seed (a GET writes nothing): a segment with nothing stored lists no rows until
  // start-up or its first change seeds it.
  return {
    async list(actor: Actor, page: string, query: TListQuery): Promise<Page<TableRow>> {
      const handler = getTablePage(page);
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      await handler.assertAvailable?.(db, segment);
      return handler.list(db, segment, query);
    },

    async create(
      actor: Actor,
      page: string,
      body: unknown,
      meta: RequestMeta,
    ): Promise<{ result: TConfigChangeResult<TableRow>; message: string }> {
      const handler = getTablePage(page);
      if (!handler.canCreate)
        throw AppError.field(handler.keyField, 'Risk factors are built into the engine and cannot be added; edit their weight instead');
      const segment = await findConfigSegment(db, actor, segmentOfBody(body));
      const input = parseWith(handler.schema, body);
      return db.transaction(async (tx) => {
        await beginChange(tx, segment);
        await handler.assertAvailable?.(tx, segment);
        const { value, errors } = handler.prepare(input, null);
        if (errors) throw AppError.validation(errors);
        const key = handler.keyOf(value);
        if (await findDuplicate(tx, segment, handler, key, null)) {
          throw AppError.conflict(handler.keyField, `A ${handler.noun} with the ${handler.keyField} ${key} already exists`);
        }
        const [id] = await handler.create(tx, segment, [value]);
        const title = handler.titleOf(value);
        const outcome = await commitConfigChange(tx, segment, {
          page,
          action: 'created_risk_configuration_item',
          summary: `Added ${handler.noun} ${title} on ${page}`,
          actor: actorOf(actor),
          meta,
        });
        const item = id ? await handler.find(tx, segment, id) : null;
        if (!item) throw new Error('created item not found');
        return {
          result: { item, version: outcome.version, isChanged: outcome.isChanged },
          message: changeMessage(`${capitalise(handler.noun)} added successfully`, outcome),
        };
      });
    },

    async update(
      actor: Actor,
      page: string,
      id: string,
      body: unknown,
      meta: RequestMeta,
    ): Promise<{ result: TConfigChangeResult<TableRow>; message: string }> {
      const handler = getTablePage(page);
      const segment = await findConfigSegment(db, actor, segmentOfBody(body));
      const input = parseWith(handler.schema, body);
      return db.transaction(async (tx) => {
        await beginChange(tx, segment);
        await handler.assertAvailable?.(tx, segment);
        const row = await handler.find(tx, segment, id);
        if (!row) throw AppError.notFound();
        const { value, errors } = handler.prepare(input, row);
        if (errors) throw AppError.validation(errors);
        if (handler.isSame(row, value)) {
          const current = await findCurrentVersion(tx, segment);
          if (!current) throw new Error('configuration without a version');
          return { result: { item: row, version: current, isChanged: false }, message: 'No changes to save' };
        }
        await handler.update(tx, segment, row, value);
        const updated = await handler.find(tx, segment, id);
        if (!updated) throw new Error('updated item not found');
        const title = handler.titleOf(updated);
        const isToggle = updated.status !== row.status;
        const verb = isToggle ? (updated.status === 'archived' ? 'archived' : 'activated') : 'updated';
        const outcome = await commitConfigChange(tx, segment, {
          page,
          action: `${verb}_risk_configuration_item`,
          summary: `${capitalise(verb)} ${handler.noun} ${title} on ${page}`,
          actor: actorOf(actor),
          meta,
        });
        return {
          result: { item: updated, version: outcome.version, isChanged: outcome.isChanged },
          message: changeMessage(`${capitalise(handler.noun)} ${verb} successfully`, outcome),
        };
      });
    },

    async exportCsv(
      actor: Actor,
      page: string,
      query: { dataSegmentId?: string | undefined },
      meta: RequestMeta,
    ): Promise<{ fileName: string; csv: string }> {
      const handler = getTablePage(page);
      const segment = await findConfigSegment(db, actor, query.dataSegmentId);
      await handler.assertAvailable?.(db, segment);
      const rows = await handler.all(db, segment);
      // A custom factor's page is its key (custom:<field>); a colon is not allowed in a file name everywhere.
      const fileName = `sanad-engine-${page.replace(':', '-')}-${new Date().toISOString().slice(0, 10)}.csv`;
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId: segment.segmentId,
          actor: actorOf(actor),
          module: 'configuration',
          action: 'exported_risk_configuration',
          summary: `Exported ${rows.length} rows of ${page}`,
          details: { page, rows: rows.length },
          ip: meta.ip,
          requestId: meta.requestId,
        }),
      );
      return {
        fileName,
        csv: formatCsv(
          handler.csvColumns,
          rows.map((row) => handler.toCsv(row)),
        ),
      };
    },

    /**
     * Adds the rows whose code is new and updates the rows whose code exists; rows not in the file
     * stay as they are. The file is checked row by row first and then, applied, as a whole
     * configuration: any error refuses the whole file, naming the row and the reason.
     */
    async importCsv(
      actor: Actor,
      page: string,
      body: { dataSegmentId?: string | undefined; fileName?: string | undefined; content: string },
      meta: RequestMeta,
    ): Promise<{ result: TCsvImportResult; message: string }> {
      const handler = getTablePage(page);
      const segment = await findConfigSegment(db, actor, body.dataSegmentId);
      let parsed: ReturnType<typeof readCsvRecords>;
      try {
        parsed = readCsvRecords(body.content, handler.csvColumns);
      } catch (error) {
        if (error instanceof CsvSyntaxError) throw AppError.field('content', `Row ${error.line}: ${error.message}`);
        throw error;
      }
      if (parsed.missingColumns.some((column) => handler.requiredColumns.includes(column))) {
        const missing = parsed.missingColumns.filter((column) => handler.requiredColumns.includes(column));
        throw AppError.field('content', `The file has no ${missing.join(', ')} column. Expected columns: ${handler.csvColumns.join(', ')}`);
      }
      if (parsed.records.length === 0) throw AppError.field('content', 'The file has no rows to import');

      return db.transaction(async (tx) => {
        await beginChange(tx, segment);
        await handler.assertAvailable?.(tx, segment);
        const existingByKey = new Map((await handler.all(tx, segment)).map((row) => [handler.keyOf(row), row] as const));
        const errors: FieldErrors = {};
        let errorCount = 0;
        const report = (line: number, messages: FieldErrors) => {
          for (const [field, texts] of Object.entries(messages)) {
            if (errorCount >= MAX_REPORTED_ERRORS) return;
            errors[`rows.${line}.${field}`] = texts.map((text) => `Row ${line}: ${text}`);
            errorCount += 1;
          }
        };
        const lineByKey = new Map<string, number>();
        const toCreate: unknown[] = [];
        const toUpdate: Array<{ row: TableRow; value: unknown }> = [];
        let unchanged = 0;
        for (const record of parsed.records) {
          const result = handler.schema.safeParse(handler.fromCsv(record.values));
          if (!result.success) {
            report(record.line, fieldErrorsOf(result.error.issues));
            continue;
          }
          const key = handler.keyOf(result.data);
          const firstLine = lineByKey.get(key);
          if (firstLine !== undefined) {
            report(record.line, { [handler.keyField]: [`${key} is already on row ${firstLine}`] });
            continue;
          }
          lineByKey.set(key, record.line);
          const existing = existingByKey.get(key) ?? null;
          if (!existing && !handler.canCreate) {
            report(record.line, { [handler.keyField]: [`there is no ${handler.noun} ${key}; rows can only update existing ones`] });
            continue;
          }
          const { value, errors: rowErrors } = handler.prepare(result.data, existing);
          if (rowErrors) report(record.line, rowErrors);
          else if (!existing) toCreate.push(value);
          else if (handler.isSame(existing, value)) unchanged += 1;
          else toUpdate.push({ row: existing, value });
        }
        if (errorCount > 0) throw AppError.validation(errors);

        if (toCreate.length > 0) await handler.create(tx, segment, toCreate);
        for (const { row, value } of toUpdate) await handler.update(tx, segment, row, value);
        const fileName = body.fileName ?? `${page}.csv`;
        const outcome = await commitConfigChange(
          tx,
          segment,
          {
            page,
            action: 'imported_risk_configuration',
            summary: `Imported ${fileName} on ${page}: ${toCreate.length} added, ${toUpdate.length} updated`,
            actor: actorOf(actor),
            meta,
          },
          (path, config) => {
            const key = handler.keyAtPath(path, config);
            const line = key === null ? undefined : lineByKey.get(key);
            return line === undefined
              ? { field: 'content', prefix: 'The file would make the configuration invalid' }
              : { field: `rows.${line}`, prefix: `Row ${line}` };
          },
        );
        const result: TCsvImportResult = {
          created: toCreate.length,
          updated: toUpdate.length,
          unchanged,
          version: outcome.version,
          isChanged: outcome.isChanged,
        };
        return { result, message: changeMessage(`Imported ${toCreate.length} new and ${toUpdate.length} changed rows`, outcome) };
      });
    },
  };
}

export type RiskTableService = ReturnType<typeof createRiskTableService>;
