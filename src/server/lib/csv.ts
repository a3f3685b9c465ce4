/**
 * CSV for spreadsheets (RFC 4180): a UTF-8 byte-order mark so Excel reads Japanese as UTF-8,
 * CRLF line ends, and a cell quoted when it holds a comma, a quote or a line break. The one
 * writer of every CSV the console hands out, whole (`toCsv`) or a batch at a time (`csvChunks`).
 */
export type CsvCell = string | number | null;

const BOM = '\uFEFF';
const LINE_END = '\r\n';
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

/** One record with its line end. */
function csvLine(row: readonly CsvCell[]): string {
  return `${row.map(csvCell).join(',')}${LINE_END}`;
}

/** The file's start: the byte-order mark and the header line. */
function csvHead(header: readonly string[]): string {
  return `${BOM}${csvLine(header)}`;
}

export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  let text = csvHead(header);
  for (const row of rows) text += csvLine(row);
  return text;
}

/**
 * The same file as `toCsv`, byte for byte, written as its rows arrive: one chunk per batch of
 * rows (lib/download.ts), so only the batch in hand is held as rows. The header goes out with
 * the first batch, so that a failure to read it is still an error answer rather than a file
 * cut after its header.
 */
export async function* csvChunks<Row>(
  header: readonly string[],
  batches: AsyncIterable<readonly Row[]>,
  toRow: (row: Row) => readonly CsvCell[],
): AsyncGenerator<string> {
  let text = csvHead(header);
  for await (const batch of batches) {
    for (const row of batch) text += csvLine(toRow(row));
    yield text;
    text = '';
  }
  // No rows: the header alone.
  if (text) yield text;
}
