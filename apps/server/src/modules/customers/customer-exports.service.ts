/**
 * Archiving a customer and exporting the customer list. Archiving is one transaction: the row locked,
 * archived (or restored) and taken out of (or put back into) ongoing monitoring, with its audit entry.
 * An export writes the list's own filtered query, scoped to the caller's data segments, as CSV or
 * XLSX, streamed batch by batch so a list of any size needs one batch of memory and no stored file.
 */
import { PassThrough, type Readable, type Writable } from 'node:stream';
import {
  CUSTOMER_EXPORT_COLUMNS,
  CUSTOMER_EXPORT_MESSAGES,
  XLSX_CONTENT_TYPE,
  type TCustomerExportQuery,
  type TCustomerStatusInput,
} from '@sanad/contracts/customer-exports';
import type { TCustomerListItem } from '@sanad/contracts/customers';
import { customAnswerText, type TCustomFieldSummary } from '@sanad/contracts/form-builder';
import { protectFormula } from '@sanad/csv/csv';
import { appendAudit, auditSource } from '../../platform/audit/audit-log';
import type { Actor } from '../../platform/auth/access';
import type { Database } from '../../platform/db/database';
import { AppError } from '../../platform/http/app-error';
import type { RequestMeta } from '../../platform/http/request-meta';
import { targetSegment } from '../../platform/tenancy/target-segment';
import type { CustomerRatingService } from '../risk/rating/customer-rating.service';
import { writeComplianceFile } from './compliance-file';
import { readableRecord } from './customer-facts';
import { findCustomer, listAlerts, listHits } from './customer.repository';
import { findPublishedCustomFields } from '../form-builder/form-builder.port';
import {
  forEachCustomerBatch,
  listCustomerHistory,
  lockCustomerStatus,
  setCustomerArchived,
  type ExportRow,
} from './customer-exports.repository';

/** Rows read per round trip while exporting. */
export const EXPORT_BATCH_SIZE = 1_000;
/** An XLSX sheet holds 1,048,576 rows; one is the header. Longer lists are exported as CSV. */
export const XLSX_MAX_ROWS = 1_048_575;

type ExportColumn = (typeof CUSTOMER_EXPORT_COLUMNS)[number];

/** One customer as the cells of an export row, in CUSTOMER_EXPORT_COLUMNS order. */
export function exportCells(row: TCustomerListItem): Record<ExportColumn, string> {
  return {
    sanad_id: row.sanadId,
    full_name: row.fullName,
    first_name: row.firstName ?? '',
    last_name: row.lastName ?? '',
    date_of_birth: row.dateOfBirth ?? '',
    nationality_id: row.nationalityId ?? '',
    country_of_residence_id: row.countryOfResidenceId ?? '',
    id_type: row.idType ?? '',
    id_number: row.idNumber ?? '',
    email: row.email ?? '',
    phone_number: row.phoneNumber ?? '',
    kyc_status: row.kycStatus,
    risk_level: row.riskLevel ?? '',
    hit_types: row.hitTypes.join(' '),
    products: row.products.join(' '),
    source: row.source,
    status: row.status,
    created_at: row.createdAt,
  };
}

/** The export's columns: the fixed ones, then the segment's custom fields, headed by their English labels. */
export function exportHeader(customFields: readonly TCustomFieldSummary[]): string[] {
  return [...CUSTOMER_EXPORT_COLUMNS, ...customFields.map((field) => field.label)];
}

/** One export row's cells in exportHeader order: a custom answer as text (an option's English label, yes/no). */
export function exportRow(row: ExportRow, customFields: readonly TCustomFieldSummary[]): string[] {
  const cells = exportCells(row);
  let answers: Record<string, unknown> = {};
  if (row.customInfoJson) {
    const parsed: unknown = JSON.parse(row.customInfoJson);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) answers = parsed as Record<string, unknown>;
  }
  return [
    ...CUSTOMER_EXPORT_COLUMNS.map((column) => cells[column]),
    ...customFields.map((field) => customAnswerText(field, answers[field.key])),
  ];
}

/** A CSV line: every cell quoted and formula-like text neutralised, as packages/csv writes files. */
function csvLine(values: readonly string[]): string {
  return `${values.map((value) => `"${protectFormula(value).replaceAll('"', '""')}"`).join(',')}\r\n`;
}

/**
 * Waits until the reader has taken what is queued. A download closed meanwhile ends the wait with an
 * error, so the export stops and its transaction ends instead of waiting for a reader that is gone.
 */
async function drained(stream: Writable): Promise<void> {
  if (stream.destroyed) throw new Error('the export download was closed');
  if (!stream.writableNeedDrain) return;
  await new Promise<void>((resolve, reject) => {
    const onDrain = () => {
      stream.off('close', onClose);
      resolve();
    };
    const onClose = () => {
      stream.off('drain', onDrain);
      reject(new Error('the export download was closed'));
    };
    stream.once('drain', onDrain);
    stream.once('close', onClose);
  });
}

/** Writes and waits while the reader is behind, so a slow download holds one batch, not the list. */
async function write(stream: Writable, text: string): Promise<void> {
  if (stream.destroyed) throw new Error('the export download was closed');
  stream.write(text);
  await drained(stream);
}

export interface CustomerExportFile {
  fileName: string;
  contentType: string;
  stream: Readable;
}

export function createCustomerExportService({ db, ratings, now }: { db: Database; ratings: CustomerRatingService; now?: () => Date }) {
  const clock = now ?? (() => new Date());

  async function writeCsv(actor: Actor, dataSegmentId: string, query: TCustomerExportQuery, out: PassThrough): Promise<void> {
    const customFields = await findPublishedCustomFields(db, dataSegmentId);
    await write(out, csvLine(exportHeader(customFields)));
    await forEachCustomerBatch(db, actor.segments, dataSegmentId, query, EXPORT_BATCH_SIZE, async (rows) => {
      await write(out, rows.map((row) => csvLine(exportRow(row, customFields))).join(''));
    });
    out.end();
  }

  async function writeXlsx(actor: Actor, dataSegmentId: string, query: TCustomerExportQuery, out: PassThrough): Promise<void> {
    // Imported here: exceljs is large and only an XLSX export needs it.
    const { default: excel } = await import('exceljs');
    const workbook = new excel.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
    const sheet = workbook.addWorksheet('Customers');
    const customFields = await findPublishedCustomFields(db, dataSegmentId);
    sheet.addRow(exportHeader(customFields).map((name) => protectFormula(name))).commit();
    let written = 0;
    await forEachCustomerBatch(db, actor.segments, dataSegmentId, query, EXPORT_BATCH_SIZE, async (rows) => {
      for (const row of rows) {
        if (written >= XLSX_MAX_ROWS) return;
        // Every cell is text: a spreadsheet runs nothing from a text cell, and the apostrophe rule
        // keeps the file the same as the CSV when it is saved again as CSV.
        sheet.addRow(exportRow(row, customFields).map((cell) => protectFormula(cell))).commit();
        written += 1;
      }
      // The workbook writer queues into the stream; wait when the reader is behind.
      await drained(out);
    });
    sheet.commit();
    await workbook.commit();
  }

  return {
    /** Archives or restores one customer of the caller's segments; another segment's is not found. */
    async setStatus(actor: Actor, id: string, input: TCustomerStatusInput, meta: RequestMeta): Promise<TCustomerListItem> {
      const isArchiving = input.status === 'archived';
      await db.transaction(async (tx) => {
        const customer = await lockCustomerStatus(tx, actor.segments, id);
        if (!customer) throw AppError.notFound();
        if (customer.isArchived === isArchiving)
          throw AppError.conflict(
            'status',
            isArchiving ? CUSTOMER_EXPORT_MESSAGES.alreadyArchived : CUSTOMER_EXPORT_MESSAGES.alreadyActive,
          );
        await setCustomerArchived(tx, customer.id, isArchiving);
        await appendAudit(tx, {
          dataSegmentId: customer.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: isArchiving ? 'archived_customer' : 'activated_customer',
          entityType: 'customer',
          entityId: customer.id,
          summary: `${isArchiving ? 'Archived' : 'Activated'} customer ${customer.sanadId} (${customer.fullName})${
            isArchiving ? '; monitoring stopped' : '; monitoring resumed'
          }`,
          details: { sanadId: customer.sanadId, status: input.status, isMonitored: !isArchiving },
        });
      });
      const customer = await findCustomer(db, actor.segments, id);
      if (!customer) throw AppError.notFound();
      const { record: _record, version: _version, isEddRequired: _edd, nextReviewDate: _review, createdBy: _by, ...item } = customer;
      return item;
    },

    /**
     * The filtered list as a file. The export is recorded (who, which filters) before the first byte
     * leaves; the rows are then streamed from one consistent snapshot.
     */
    async exportList(actor: Actor, query: TCustomerExportQuery, meta: RequestMeta): Promise<CustomerExportFile> {
      const dataSegmentId = targetSegment(actor, query.dataSegmentId);
      const { format, startAt: _startAt, perPage: _perPage, ...filters } = query;
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'exported_customers',
          summary: `Exported the customer list as ${format.toUpperCase()}`,
          details: { format, filters },
        }),
      );
      const out = new PassThrough();
      const writer = format === 'xlsx' ? writeXlsx : writeCsv;
      // A failure after the headers are sent can only cut the download short; the client sees an
      // incomplete file rather than a false complete one.
      writer(actor, dataSegmentId, query, out).catch((error: unknown) =>
        out.destroy(error instanceof Error ? error : new Error(String(error))),
      );
      const day = clock().toISOString().slice(0, 10);
      return {
        fileName: `customers-${day}.${format}`,
        contentType: format === 'xlsx' ? XLSX_CONTENT_TYPE : 'text/csv; charset=utf-8',
        stream: out,
      };
    },

    /**
     * One customer's compliance file (PDF). It prints the whole profile, so it needs the right to
     * read the profile (view-customer-profile) besides the right to export; it is audited.
     */
    async complianceFile(actor: Actor, id: string, meta: RequestMeta): Promise<CustomerExportFile> {
      const row = await findCustomer(db, actor.segments, id);
      if (!row) throw AppError.notFound();
      if (!actor.permissions.has('view-customer-profile')) throw AppError.forbidden();
      const [hits, alerts, rating] = await Promise.all([listHits(db, id), listAlerts(db, id), ratings.getRating(actor, id)]);
      await db.transaction((tx) =>
        appendAudit(tx, {
          dataSegmentId: row.dataSegmentId,
          source: auditSource(actor, meta),
          module: 'customers',
          action: 'exported_compliance_file',
          entityType: 'customer',
          entityId: id,
          summary: `Exported the compliance file of ${row.sanadId}`,
          details: { sanadId: row.sanadId },
        }),
      );
      // Read after the export's own entry, so the file lists that it was produced.
      const history = await listCustomerHistory(db, row.dataSegmentId, id);
      const generatedAt = clock();
      const stream = writeComplianceFile({
        customer: { ...row, record: readableRecord(row.record), hits, alerts },
        rating: rating.rating,
        history,
        generatedAt,
        generatedBy: actor.name,
      });
      return { fileName: `compliance-file-${row.sanadId}.pdf`, contentType: 'application/pdf', stream };
    },
  };
}

export type CustomerExportService = ReturnType<typeof createCustomerExportService>;
