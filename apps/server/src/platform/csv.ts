/**
 * One CSV cell and row writer for every export (history, campaigns, mini-app lists): RFC 4180 quoting,
 * and cells starting with = + - @ (or a tab / carriage return) neutralised with a leading quote, since
 * spreadsheets would run them as formulas.
 */
export function csvCell(v: unknown): string {
  if (v === null || v === undefined) return '';
  const s = typeof v === 'string' ? v : typeof v === 'object' ? JSON.stringify(v) : String(v);
  const safe = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A CSV line (CRLF-terminated) of the given cells. */
export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** The byte-order mark Excel needs to read UTF-8 (Vietnamese) text; write it once, first. */
export const CSV_BOM = '\uFEFF';
