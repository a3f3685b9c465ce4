/**
 * CSV for spreadsheets (RFC 4180): a UTF-8 byte-order mark so Excel reads Japanese as UTF-8,
 * CRLF line ends, and a cell quoted when it holds a comma, a quote or a line break.
 */
export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const NEEDS_QUOTES = /[",\r\n]/;
/**
 * What a spreadsheet would run as a formula (CSV injection, OWASP): = + - @, their full-width
 * and small forms (＝ ＋ － ＠ ﹦ ﹢ ﹣ ﹫, which Japanese input methods type and spreadsheets
 * read as the ASCII ones), tab, CR and LF, also after leading spaces.
 */
const FORMULA_START =
  /^[\t\r\n]|^[ \u00a0\u3000]*[=+\-@\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b]/;

export function csvCell(value: CsvCell): string {
  if (value === null) return '';
  if (typeof value === 'number') return String(value);
  // A leading apostrophe makes the cell plain text in Excel and LibreOffice.
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${BOM}${lines.join('\r\n')}\r\n`;
}
