import { describe, expect, it } from 'vitest';
import { csvCell, csvChunks, toCsv } from './csv';

describe('CSV cells', () => {
  it('quotes commas, quotes and line breaks as RFC 4180 asks', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell(2015)).toBe('2015');
  });

  it('turns what a spreadsheet would run as a formula into text', () => {
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+81 90')).toBe("'+81 90");
    expect(csvCell('-5')).toBe("'-5");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe('"\'\rcmd"');
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('turns full-width and small formula prefixes, and ones after spaces, into text', () => {
    expect(csvCell('＝1+1')).toBe("'＝1+1");
    expect(csvCell('＋81 90')).toBe("'＋81 90");
    expect(csvCell('－5')).toBe("'－5");
    expect(csvCell('＠SUM(A1)')).toBe("'＠SUM(A1)");
    expect(csvCell('﹦1+1')).toBe("'﹦1+1");
    expect(csvCell(' =1+1')).toBe("' =1+1");
    expect(csvCell('\u3000＝HYPERLINK("x")')).toBe('"\'\u3000＝HYPERLINK(""x"")"');
    expect(csvCell('\ncmd')).toBe('"\'\ncmd"');
    expect(csvCell('株式会社＝')).toBe('株式会社＝');
    expect(csvCell('山田 花子')).toBe('山田 花子');
  });

  it('starts the file with a byte-order mark and ends every line with CRLF', () => {
    expect(
      toCsv(
        ['名前', '年'],
        [
          ['佐藤', 2020],
          [null, null],
        ],
      ),
    ).toBe('\uFEFF名前,年\r\n佐藤,2020\r\n,\r\n');
  });
});

describe('csvChunks', () => {
  async function* batches<T>(...list: T[][]) {
    yield* list;
  }
  async function written(chunks: AsyncIterable<string>): Promise<string[]> {
    const seen: string[] = [];
    for await (const chunk of chunks) seen.push(chunk);
    return seen;
  }

  it('writes the same bytes as toCsv, a chunk per batch, the header with the first', async () => {
    const rows: [string, number | null][] = [
      ['佐藤', 2020],
      ['=1+1', null],
      ['a,b', 3],
    ];
    const chunks = await written(
      csvChunks(['名前', '年'], batches(rows.slice(0, 2), rows.slice(2)), (row) => row),
    );
    expect(chunks).toEqual(["\uFEFF名前,年\r\n佐藤,2020\r\n'=1+1,\r\n", '"a,b",3\r\n']);
    expect(chunks.join('')).toBe(toCsv(['名前', '年'], rows));
  });

  it('writes the header alone when there are no rows', async () => {
    expect(await written(csvChunks(['名前'], batches<string[]>(), (row) => row))).toEqual([
      toCsv(['名前'], []),
    ]);
  });
});
