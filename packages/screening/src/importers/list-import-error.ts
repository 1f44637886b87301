/**
 * The one error an importer throws. A list file is either loaded completely or refused with
 * this error, so a caller never holds half a list: `row` is the line (CSV, JSON lines) or the
 * line where the record starts (XML), counted from 1; null when the problem is the file as a whole.
 */
export class ListImportError extends Error {
  readonly row: number | null;
  readonly reason: string;
  readonly file: string | undefined;

  constructor(reason: string, row: number | null, file?: string) {
    const where = [file, row === null ? undefined : `row ${row}`].filter(Boolean).join(', ');
    super(where ? `${where}: ${reason}` : reason);
    this.name = 'ListImportError';
    this.row = row;
    this.reason = reason;
    this.file = file;
  }
}
