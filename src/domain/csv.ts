/**
 * CSV text (RFC 4180: comma separated, CRLF line ends, fields with a
 * comma, quote or line break quoted, quotes doubled), safe to open in a spreadsheet: a text cell
 * starting with =, +, -, @, a tab or a carriage return gets a leading apostrophe so it is never run
 * as a formula (OWASP CSV injection guidance).
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One field, guarded and quoted as needed. Numbers are written as they are. */
export function csvCell(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  const guarded = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(guarded) || guarded !== guarded.trim() ? `"${guarded.replace(/"/g, '""')}"` : guarded;
}

/** Rows to CSV text, with a UTF-8 byte order mark so spreadsheet programs read accents right. */
export function toCsv(rows: ReadonlyArray<ReadonlyArray<string | number | null | undefined>>): string {
  return `\uFEFF${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
