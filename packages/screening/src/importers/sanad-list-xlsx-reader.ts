import type ExcelJS from 'exceljs';
import type { CsvRow } from './csv-reader';
import { formatPartialDate } from './date-parser';
import { ListImportError } from './list-import-error';

/**
 * Reads the first worksheet of an XLSX workbook into rows of cell texts, numbered by their Excel
 * row, so the importer treats XLSX and CSV alike. Dates become ISO dates; formulas their result.
 */
export async function readXlsxRows(bytes: Uint8Array, file: string): Promise<CsvRow[]> {
  // Imported here: exceljs is large and only an XLSX import needs it.
  const { default: excel } = await import('exceljs');
  const workbook = new excel.Workbook();
  try {
    // A fresh ArrayBuffer copy: what exceljs' typings ask for, and JSZip reads it as well as a Buffer.
    await workbook.xlsx.load(new Uint8Array(bytes).buffer);
  } catch (error) {
    throw new ListImportError(`not a readable XLSX workbook: ${error instanceof Error ? error.message : String(error)}`, null, file);
  }
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new ListImportError('the workbook has no worksheet', null, file);
  const rows: CsvRow[] = [];
  sheet.eachRow({ includeEmpty: false }, (row, rowNumber) => {
    const fields: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      fields[column - 1] = cellText(cell.value);
    });
    rows.push({ fields: Array.from(fields, (field) => field ?? ''), line: rowNumber });
  });
  return rows;
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) {
    return formatPartialDate({ year: value.getUTCFullYear(), month: value.getUTCMonth() + 1, day: value.getUTCDate() });
  }
  if (typeof value === 'object') {
    if ('richText' in value) return value.richText.map((part) => part.text).join('');
    if ('text' in value && typeof value.text === 'string') return value.text;
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue);
    if ('error' in value) return '';
  }
  return String(value);
}
