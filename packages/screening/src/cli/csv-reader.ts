/**
 * RFC 4180 CSV: quoted fields may hold commas, quotes ("") and line breaks. Small enough to keep
 * the batch CLI free of a parser dependency.
 */

export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let isQuoted = false;
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  for (let index = 0; index < body.length; index += 1) {
    const char = body[index]!;
    if (isQuoted) {
      if (char === '"') {
        if (body[index + 1] === '"') {
          field += '"';
          index += 1;
        } else {
          isQuoted = false;
        }
      } else {
        field += char;
      }
      continue;
    }
    if (char === '"' && field.length === 0) {
      isQuoted = true;
    } else if (char === ',') {
      row.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && body[index + 1] === '\n') index += 1;
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else {
      field += char;
    }
  }
  if (field.length > 0 || row.length > 0) {
    row.push(field);
    rows.push(row);
  }
  return rows.filter((cells) => cells.length > 1 || (cells[0] ?? '').length > 0);
}

/** Rows as records keyed by the header row's (trimmed, lowercased) column names. */
export function parseCsvRecords(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text);
  if (!header) return [];
  const columns = header.map((column) => column.trim().toLowerCase());
  return rows.map((cells) => Object.fromEntries(columns.map((column, index) => [column, (cells[index] ?? '').trim()])));
}
