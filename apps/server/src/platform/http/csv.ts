import type { FastifyReply } from 'fastify';
import { parseCsv, unprotectFormula } from '@sanad/csv/csv';

export { CsvSyntaxError, formatCsv, type CsvValue } from '@sanad/csv/csv';

export interface CsvRecords {
  records: Array<{ line: number; values: Record<string, string> }>;
  missingColumns: string[];
}

/**
 * An uploaded table's rows keyed by the expected column names, matched to the header without regard
 * to case or surrounding space; other columns are ignored. Values are trimmed, and the apostrophe an
 * export put before formula-like text is removed, so an export imports back unchanged.
 */
export function readCsvRecords(text: string, columns: readonly string[]): CsvRecords {
  const [header, ...rows] = parseCsv(text);
  if (!header) return { records: [], missingColumns: [...columns] };
  const byName = new Map(columns.map((column) => [column.toLowerCase(), column] as const));
  const mapped = header.fields.map((cell) => byName.get(cell.trim().toLowerCase()) ?? null);
  const missingColumns = columns.filter((column) => !mapped.includes(column));
  const records = rows.map((row) => {
    const values: Record<string, string> = {};
    mapped.forEach((column, index) => {
      if (column) values[column] = unprotectFormula((row.fields[index] ?? '').trim());
    });
    return { line: row.line, values };
  });
  return { records, missingColumns };
}

/** Answers a CSV file as a download, under a name made safe for the header. */
export function sendCsv(reply: FastifyReply, file: { fileName: string; csv: string }): FastifyReply {
  const name = file.fileName.replace(/[^A-Za-z0-9._-]/g, '_');
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}"`)
    .send(file.csv);
}
